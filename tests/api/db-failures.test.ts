import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLite } from '../../server/src/db/sqlite-driver.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { createDb, isDatabaseUnavailable, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { buildApp, type App } from '../../server/src/app.js';
import { databases, grant, useTestApp } from './helpers.js';

/**
 * The health probes on both databases, and SQLite's own ways of being unavailable (a locked
 * database past the busy timeout, a read-only database, a full disk): a 503 with Retry-After and
 * the Italian message, a log line, the process serving normally as soon as the cause goes away.
 */
describe.each(databases)('health probes (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('GET /healthz answers while the process is alive, without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 200 once the database answers and is migrated', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /readyz on a database not migrated yet', () => {
  let app: App;
  let db: Db;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-ready-'));
    db = await createDb({ kind: 'sqlite', path: join(dir, 'test.db') });
    const config = loadConfig({
      PORT: '3999',
      DATABASE_URL: `sqlite:${join(dir, 'test.db')}`,
      STORAGE_DIR: dir,
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, db });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('answers 503 with Retry-After: a proxy keeps traffic away until migrations ran', async () => {
    const res = await ctx503(app);
    expect(res.json()).toEqual({ status: 'migrations pending' });
  });
});

async function ctx503(app: App) {
  const res = await app.inject({ method: 'GET', url: '/readyz' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toMatch(/^\d+$/);
  return res;
}

describe('SQLite failures answer 503 and the same process recovers', () => {
  const logged: Array<{ msg: string; err?: { code?: string } }> = [];
  let app: App;
  let db: Db;
  let path: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-sqlite-faults-'));
    path = join(dir, 'test.db');
    db = await createDb({ kind: 'sqlite', path });
    await migrateToLatest(db);
    const config = loadConfig({ PORT: '3999', DATABASE_URL: `sqlite:${path}`, STORAGE_DIR: dir });
    const stream = { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) };
    app = await buildApp({ config, db, logger: { level: 'warn', stream } });
    await app.ready();
    const user = await db
      .insertInto('users')
      .values({ name: 'Ada', surname: 'Guasti', email: 'ada@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grant(db, user.id, ['read_teams', 'create_teams']);
    headers = { authorization: `Bearer ${await issueToken(db, user.id, 3600)}`, accept: 'application/json' };
  });
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  async function createTeam(name: string) {
    return app.inject({ method: 'POST', url: '/api/teams', headers, payload: { name } });
  }

  async function expectUnavailable(res: Awaited<ReturnType<typeof createTeam>>) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json().message).toMatch(/temporaneamente non disponibile/i);
  }

  async function teamNames(): Promise<string[]> {
    return (await db.selectFrom('teams').select('name').execute()).map((r) => r.name);
  }

  it('a database locked by another process past the busy timeout', async () => {
    const other = new SQLite(path);
    await sql`pragma busy_timeout = 150`.execute(db);
    try {
      other.exec('begin immediate');
      await expectUnavailable(await createTeam('Bloccato'));
      // Reads still work while another writer holds the lock (WAL).
      expect((await app.inject({ method: 'GET', url: '/api/teams', headers })).statusCode).toBe(200);
      other.exec('rollback');
      expect((await createTeam('Sbloccato')).statusCode).toBe(201);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
      await sql`pragma busy_timeout = 5000`.execute(db);
    }
    expect(await teamNames()).toContain('Sbloccato');
    expect(await teamNames()).not.toContain('Bloccato');
  });

  it('a read-only database', async () => {
    await sql`pragma query_only = 1`.execute(db);
    try {
      await expectUnavailable(await createTeam('Sola lettura'));
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await sql`pragma query_only = 0`.execute(db);
    }
    expect((await createTeam('Di nuovo scrivibile')).statusCode).toBe(201);
    expect(await teamNames()).not.toContain('Sola lettura');
  });

  it('a full disk', async () => {
    const pages = Number((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count);
    await sql.raw(`pragma max_page_count = ${pages + 1}`).execute(db);
    try {
      // Fill what is left, with large rows then small ones, until SQLite says the disk is full.
      for (const size of [2000, 20]) {
        for (let i = 0; ; i++) {
          const full = await db
            .insertInto('teams')
            .values({ name: `Riempimento ${size}-${i}`, description: 'x'.repeat(size) })
            .execute()
            .then(
              () => false,
              (error: { code?: string }) => error.code === 'SQLITE_FULL',
            );
          if (full) break;
        }
      }
      await expectUnavailable(await createTeam('Disco pieno'));
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(db);
    }
    expect((await createTeam('Spazio liberato')).statusCode).toBe(201);
    expect(await teamNames()).not.toContain('Disco pieno');
    const codes = logged.filter((line) => line.msg.startsWith('database unavailable')).map((line) => line.err?.code);
    expect(codes).toEqual(['SQLITE_BUSY', 'SQLITE_READONLY', 'SQLITE_FULL']);
  });
});

describe.skipIf(!databases.includes('postgres'))('a PostgreSQL transaction cut in the middle', () => {
  const ctx = useTestApp('postgres');

  it('leaves nothing half-written, fails as "unavailable", and the next request is served', async () => {
    const failure = await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('teams').values({ name: 'Metà scritto' }).execute();
        await trx.insertInto('teams').values({ name: 'Metà scritto 2' }).execute();
        // The server ends this very connection, as a restart or an administrator would.
        await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
        await trx.insertInto('teams').values({ name: 'Mai scritto' }).execute();
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const names = (await ctx.db.selectFrom('teams').select('name').where('name', 'like', 'M%').execute()).map(
      (r) => r.name,
    );
    expect(names).toEqual([]);
    const admin = await ctx.user({}, ['read_teams']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/teams', headers: admin.headers })).statusCode).toBe(200);
  });
});
