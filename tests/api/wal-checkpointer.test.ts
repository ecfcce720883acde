import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, runtimeOf, type Db } from '../../server/src/db/index.js';
import { CHECKPOINT_EVERY_MS } from '../../server/src/db/wal-checkpointer.js';

/*
 * The serving connection never checkpoints while the background thread runs: the thread does, so a
 * commit never stalls the event loop copying the log into the database file.
 */

const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fileDb() {
  const dir = mkdtempSync(join(tmpdir(), 'percorso-wal-'));
  dirs.push(dir);
  const path = join(dir, 'test.db');
  const db = await createDb({ kind: 'sqlite', path });
  dbs.push(db);
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  return { db, wal: () => statSync(`${path}-wal`).size };
}

/** About `pages` pages of the log: one 4 KiB row per page. */
async function write(db: Db, pages: number) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < pages; i++) await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(trx);
  });
}

const autocheckpoint = async (db: Db) =>
  (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WAL checkpoints in the background (SQLite file)', () => {
  it('the thread checkpoints what the serving connection wrote, so the log starts again instead of growing', async () => {
    const { db, wal } = await fileDb();
    const checkpoints = runtimeOf(db)!.checkpointInBackground()!;
    expect(await autocheckpoint(db)).toBe(0);

    await write(db, 300);
    const afterFirst = wal();
    await pause(CHECKPOINT_EVERY_MS * 3);
    await write(db, 300);
    // Checkpointed in between: the second batch reused the log from its start.
    expect(wal()).toBeLessThan(afterFirst * 1.2);

    await checkpoints.stop();
    expect(await autocheckpoint(db)).toBe(1000);
  });

  it('without the thread, the same writes grow the log (what the test above rules out)', async () => {
    const { db, wal } = await fileDb();
    await sql`pragma wal_autocheckpoint = 0`.execute(db);
    await write(db, 300);
    const afterFirst = wal();
    await pause(CHECKPOINT_EVERY_MS * 3);
    await write(db, 300);
    expect(wal()).toBeGreaterThan(afterFirst * 1.8);
  });

  it('an in-memory database has no log to checkpoint', async () => {
    const db = await createDb({ kind: 'sqlite', path: ':memory:' });
    dbs.push(db);
    expect(runtimeOf(db)!.checkpointInBackground()).toBeNull();
  });
});
