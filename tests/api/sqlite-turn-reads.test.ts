import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, runtimeOf, type Db, type DbRuntime } from '../../server/src/db/index.js';
import { SQLite, type SQLiteDatabase } from '../../server/src/db/sqlite-driver.js';

/** SQLite: the reads run at once (DbRuntime.readNow) share one read transaction per event-loop turn. */
describe('SQLite reads of one event-loop turn', () => {
  let dir: string;
  let db: Db;
  let runtime: DbRuntime;
  let other: SQLiteDatabase;
  const count = () => (runtime.readNow('select count(*) as n from t', []) as Array<{ n: number }> | null)?.[0]?.n;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'turn-reads-'));
    db = await createDb({ kind: 'sqlite', path: join(dir, 'db.sqlite') });
    runtime = runtimeOf(db)!;
    await sql`create table t (id integer primary key)`.execute(db);
    other = new SQLite(join(dir, 'db.sqlite'));
  });

  afterEach(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('see one snapshot within a turn and another process’s commit from the next turn on', async () => {
    expect(count()).toBe(0);
    other.prepare('insert into t default values').run();
    expect(count()).toBe(0);
    expect(runtime.inTransaction()).toBe(false);
    await nextTurn();
    expect(count()).toBe(1);
  });

  it('start a new snapshot when a request arrives (forgetExternalVersion), even within the turn', () => {
    expect(count()).toBe(0);
    other.prepare('insert into t default values').run();
    runtime.forgetExternalVersion();
    expect(count()).toBe(1);
  });

  it('end before a write or a transaction of the same turn, which commits at once', async () => {
    expect(count()).toBe(0);
    await db
      .insertInto('t' as never)
      .defaultValues()
      .execute();
    expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    expect(count()).toBe(1);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('t' as never)
        .defaultValues()
        .execute();
      // Inside another transaction a read is not run at once: it must wait for the transaction.
      expect(runtime.readNow('select count(*) as n from t', [])).toBeNull();
    });
    expect(other.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
    expect(count()).toBe(2);
  });
});
