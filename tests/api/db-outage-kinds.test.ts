import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest, openDatabase, setDatabaseLogger, type Db } from '../../server/src/db/index.js';
import { buildApp, type App } from '../../server/src/app.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { freePort, grant, newTestSchemaName } from './helpers.js';
import { LoopbackProxy } from './loopback-proxy.js';

/**
 * Each way PostgreSQL can be out of reach, met by one server (an app in this process) that keeps
 * running through all of them: every request that needs the database is answered 503 with
 * Retry-After and the Italian message (never 500), and the same app serves again as soon as the
 * cause is gone.
 *
 * - Through a proxy the test controls, to the shared test database: the connection refused, the
 *   network cut, and a server refusing new sessions with the SQLSTATE it sends while it shuts down
 *   (57P03) or has no connection slot left (53300); the shared server itself is never stopped.
 * - On a database of its own, owned by a role without superuser rights (whom limits apply to): the
 *   database's connection limit reached (53300) and the database closed to connections
 *   (ALTER DATABASE … ALLOW_CONNECTIONS false, 55000), as PostgreSQL itself answers them.
 *
 * Which failure a 503 came from is read in the app's log (the "database unavailable" line and its
 * code), so a request that merely met a connection closed on the way does not count for the kind.
 */
const BASE = process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { warn: () => {}, info: () => {} };

interface LogLine {
  msg: string;
  err?: { code?: string };
}

/** An app on `url` whose warnings are kept in `logged`, and an administrator's headers. */
async function startApp(url: string, direct: Db, logged: LogLine[]) {
  const config = loadConfig({
    PORT: '3999',
    DATABASE_URL: url,
    DB_QUERY_TIMEOUT_SECONDS: '1',
    STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-storage-')),
    LOG_LEVEL: 'silent',
  });
  const db = await createDb(config.database, { queryTimeoutMs: config.dbQueryTimeoutSeconds * 1000 });
  setDatabaseLogger(db, quiet);
  const stream = { write: (line: string) => void logged.push(JSON.parse(line) as LogLine) };
  const app = await buildApp({ config, db, logger: { level: 'warn', stream } });
  await app.ready();
  const user = await direct
    .insertInto('users')
    .values({ name: 'Guasto', surname: 'Prova', email: `guasto-${randomBytes(3).toString('hex')}@example.test` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grant(direct, user.id, ['read_teams', 'create_teams']);
  const headers = { authorization: `Bearer ${await issueToken(direct, user.id, 3600)}`, accept: 'application/json' };
  return { app, db, headers };
}

/** The API as a client sees it, and the check that an outage of a given kind is a 503. */
function client(app: () => App, headers: () => Record<string, string>, logged: LogLine[]) {
  const get = (url: string) => app().inject({ method: 'GET', url, headers: headers() });
  const createTeam = (name: string) =>
    app().inject({ method: 'POST', url: '/api/teams', headers: headers(), payload: { name } });

  function expect503(res: Awaited<ReturnType<typeof get>>, probe = false): void {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    if (!probe) expect(res.json().message).toMatch(/temporaneamente non disponibile/i);
  }

  /**
   * Reads until one request is refused because of `cause` (a code, as logged), every answer on
   * the way a 503: the first requests may still meet connections of the pool that the outage
   * closed, which is an outage too.
   */
  async function unavailableBecauseOf(cause: string): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const since = logged.length;
      expect503(await get('/api/teams'));
      const seen = logged.slice(since).filter((line) => line.msg.startsWith('database unavailable'));
      expect(seen.length).toBeGreaterThan(0);
      if (seen.some((line) => line.err?.code === cause || line.msg.includes(cause))) {
        expect503(await createTeam('Durante il guasto'));
        expect503(await get('/readyz'), true);
        return;
      }
      await sleep(50);
    }
    throw new Error(`no request was refused because of ${cause}; last lines: ${JSON.stringify(logged.slice(-3))}`);
  }

  async function expectServing(): Promise<void> {
    expect((await get('/api/teams')).statusCode).toBe(200);
    expect((await createTeam(`Dopo il guasto ${randomBytes(3).toString('hex')}`)).statusCode).toBe(201);
    expect((await get('/readyz')).statusCode).toBe(200);
  }

  return { get, unavailableBecauseOf, expectServing };
}

// Each kind takes a few requests, some waiting out a bound (1 s, or 5 s to connect): seconds on a busy machine.
describe.skipIf(!BASE)(
  'every way PostgreSQL is out of reach answers 503, and the same app recovers',
  { timeout: 60_000 },
  () => {
    describe('through a proxy to the test database', () => {
      const schema = newTestSchemaName();
      const options = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const logged: LogLine[] = [];
      let proxy: LoopbackProxy;
      let direct: Db;
      let app: App;
      let db: Db;
      let headers: Record<string, string> = {};
      const api = client(
        () => app,
        () => headers,
        logged,
      );

      beforeAll(async () => {
        const admin = await createDb({ kind: 'postgres', url: BASE! });
        await sql`create schema ${sql.id(schema)}`.execute(admin);
        await admin.destroy();
        direct = await createDb({ kind: 'postgres', url: `${BASE}${BASE!.includes('?') ? '&' : '?'}${options}` });
        await migrateToLatest(direct);
        const base = new URL(BASE!);
        proxy = new LoopbackProxy(await freePort(), { host: base.hostname, port: Number(base.port || 5432) });
        await proxy.open();
        const url = new URL(BASE!);
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
        url.search = `?${options}`;
        ({ app, db, headers } = await startApp(url.toString(), direct, logged));
      });

      afterAll(async () => {
        await app?.close();
        await proxy?.close();
        await db?.destroy();
        await direct?.destroy();
      });

      it('the connection refused (the server down, its port closed)', async () => {
        await api.expectServing();
        await proxy.close();
        await api.unavailableBecauseOf('ECONNREFUSED');
        await proxy.open();
        await api.expectServing();
      });

      it('the network cut, dropping packets without a reset', async () => {
        // Requests at once leave several connections idle in the pool, now cut with the rest.
        await Promise.all(Array.from({ length: 4 }, () => api.get('/api/teams')));
        proxy.cut();
        await api.unavailableBecauseOf('PERCORSO_QUERY_TIMEOUT');
        // New connections pass again; the ones cut stay silent (the next test's refusal resets them).
        proxy.restore();
        await api.expectServing();
      });

      it.each([
        ['57P03', 'the database system is shutting down'],
        ['57P03', 'the database system is starting up'],
        ['53300', 'sorry, too many clients already'],
      ])('the server refusing new sessions with %s (%s)', async (code, message) => {
        await api.expectServing();
        proxy.refuse(code, message);
        await api.unavailableBecauseOf(code);
        proxy.restore();
        await api.expectServing();
      });
    });

    describe('on a database of its own', () => {
      // Named after the test database, so a run touches only databases and roles of its own name.
      const name = `${new URL(BASE ?? 'postgres://x/percorso').pathname.slice(1)}_outage_${randomBytes(4).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      const logged: LogLine[] = [];
      let admin: Db;
      let direct: Db;
      let app: App;
      let db: Db;
      let headers: Record<string, string> = {};
      let url = '';
      const api = client(
        () => app,
        () => headers,
        logged,
      );

      /** Closes the app's sessions, as an administrator does after closing the database. */
      async function terminateSessions(): Promise<void> {
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = ${name} and application_name = ${name}`.execute(admin);
      }

      beforeAll(async () => {
        // Creating and dropping a database wait for disk writes: no query bound on this connection.
        admin = await createDb({ kind: 'postgres', url: BASE! }, { queryTimeoutMs: 0 });
        await sql`create role ${sql.id(name)} login nosuperuser password ${sql.lit(password)}`.execute(admin);
        await sql`create database ${sql.id(name)} owner ${sql.id(name)}`.execute(admin);
        const own = new URL(BASE!);
        own.username = name;
        own.password = password;
        own.pathname = `/${name}`;
        own.search = `?application_name=${name}`;
        url = own.toString();
        const setup = new URL(url);
        setup.search = '?application_name=setup';
        direct = await createDb({ kind: 'postgres', url: setup.toString() });
        await migrateToLatest(direct);
        ({ app, db, headers } = await startApp(url, direct, logged));
      }, 180_000);

      afterAll(async () => {
        await app?.close();
        await db?.destroy();
        await direct?.destroy();
        if (admin) {
          await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
          await sql`drop role if exists ${sql.id(name)}`.execute(admin);
          await admin.destroy();
        }
      }, 180_000);

      it("the database's connection limit reached (53300)", async () => {
        await api.expectServing();
        await sql`alter database ${sql.id(name)} connection limit 0`.execute(admin);
        try {
          await terminateSessions();
          await api.unavailableBecauseOf('53300');
        } finally {
          await sql`alter database ${sql.id(name)} connection limit -1`.execute(admin);
        }
        await api.expectServing();
      });

      it('the database closed to connections for maintenance (55000)', async () => {
        await api.expectServing();
        await sql`alter database ${sql.id(name)} allow_connections false`.execute(admin);
        try {
          await terminateSessions();
          await api.unavailableBecauseOf('55000');
          // A server starting meanwhile waits for the database instead of giving up on it.
          const messages: string[] = [];
          await expect(
            openDatabase({ kind: 'postgres', url }, { timeoutSeconds: 0.2, log: (m) => messages.push(m) }),
          ).rejects.toThrow(/Database non raggiungibile dopo/);
          expect(messages.join('\n')).toMatch(/55000/);
        } finally {
          await sql`alter database ${sql.id(name)} allow_connections true`.execute(admin);
        }
        await api.expectServing();
      });
    });
  },
);
