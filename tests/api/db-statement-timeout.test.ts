import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, setDatabaseLogger, type Db } from '../../server/src/db/index.js';
import { isDatabaseUnavailable } from '../../server/src/db/errors.js';
import { SERVER_FIRST_MS } from '../../server/src/db/bounded-pool.js';
import { newTestSchemaName } from './helpers.js';

/**
 * DB_QUERY_TIMEOUT_SECONDS on PostgreSQL is applied by the server too (statement_timeout): a slow
 * query is cancelled there, not merely abandoned by the client while PostgreSQL goes on running
 * it, and the connection it ran on stays usable.
 */
const BASE = process.env.TEST_DATABASE_URL;
const quiet = { warn: () => {}, info: () => {} };

describe.skipIf(!BASE)("PostgreSQL: the query bound is the server's statement_timeout too", () => {
  const schema = newTestSchemaName();
  const url = `${BASE}${BASE?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let admin: Db;
  let db: Db;

  beforeAll(async () => {
    admin = await createDb({ kind: 'postgres', url: BASE! });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    db = await createDb({ kind: 'postgres', url }, { queryTimeoutMs: 1000 });
    setDatabaseLogger(db, quiet);
    // Migrations run without the bound, and the bound applies again afterwards.
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await admin?.destroy();
  });

  /** Queries of this test still running on the server, seen from another connection. */
  const stillRunning = async (marker: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where state = 'active' and query like ${`%${marker}%`} and pid <> pg_backend_pid()`.execute(admin)
    ).rows[0]!.n;

  it(
    'cancels a slow query on the server within the bound, as "unavailable", and keeps serving',
    { timeout: 20_000 },
    async () => {
      const marker = `slow_${randomBytes(4).toString('hex')}`;
      const started = Date.now();
      const failure = await sql`select pg_sleep(4) as ${sql.id(marker)}`.execute(db).then(
        () => null,
        (error: unknown) => error,
      );
      const waited = Date.now() - started;
      expect(failure).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect(waited).toBeLessThan(1000 + SERVER_FIRST_MS);
      expect(await stillRunning(marker)).toBe(0);
      // The same pool, and the connection the cancelled query ran on, answer at once.
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => sql<{ one: number }>`select 1 as one`.execute(db)),
      );
      expect(answers.map((answer) => answer.rows[0]!.one)).toEqual([1, 1, 1]);
    },
  );

  it('a cancelled statement inside a transaction rolls the transaction back', { timeout: 20_000 }, async () => {
    const name = `Lenta ${randomBytes(3).toString('hex')}`;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('teams').values({ name }).execute();
        await sql`select pg_sleep(3)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '57014' });
    expect(await db.selectFrom('teams').select('id').where('name', '=', name).execute()).toEqual([]);
    // Still bounded afterwards (the rollback must not have left the connection unbounded).
    await expect(sql`select pg_sleep(3)`.execute(db)).rejects.toMatchObject({ code: '57014' });
  });
});
