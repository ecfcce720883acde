import { mkdtempSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../../server/src/db/index.js';
import { sqliteDriverPath } from '../../server/src/db/sqlite-driver.js';

/**
 * Another process writing the same SQLite file (WORKERS=2, or a second server): a transaction that
 * reads and then writes waits for that writer and goes on, rather than failing at once.
 * The other process is a worker thread with its own connection, holding the write lock a moment.
 */
const OTHER_WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.exec('begin immediate');
db.prepare('update teams set description = ? where id = ?').run(workerData.text, workerData.team);
parentPort.postMessage('locked');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
db.exec('commit');
db.close();
parentPort.postMessage('committed');
`;

describe('SQLite transactions beside another writer', () => {
  it('a read-then-write transaction waits for the other writer and sees its commit', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'percorso-lock-')), 'test.db');
    const db = await createDb({ kind: 'sqlite', path });
    await migrateToLatest(db);
    const team = (await db.insertInto('teams').values({ name: 'Condiviso' }).returning('id').executeTakeFirstOrThrow())
      .id;

    const worker = new Worker(OTHER_WRITER, {
      eval: true,
      workerData: { path, team, text: "scritta dall'altro processo", driver: sqliteDriverPath },
    });
    const [first] = await once(worker, 'message');
    expect(first).toBe('locked');
    const seen = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('teams').select('description').where('id', '=', team).executeTakeFirstOrThrow();
      await trx.updateTable('teams').set({ name: 'Condiviso e rinominato' }).where('id', '=', team).execute();
      return row.description;
    });
    expect(seen).toBe("scritta dall'altro processo");
    expect(
      await db.selectFrom('teams').select(['name', 'description']).where('id', '=', team).executeTakeFirstOrThrow(),
    ).toEqual({
      name: 'Condiviso e rinominato',
      description: "scritta dall'altro processo",
    });
    await worker.terminate();
    await db.destroy();
  });
});
