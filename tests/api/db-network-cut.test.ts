import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest, setDatabaseLogger, type Db } from '../../server/src/db/index.js';
import { buildApp, type App } from '../../server/src/app.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { startLeadership, type Leadership } from '../../server/src/infra/leadership.js';
import { freePort, grant, newTestSchemaName } from './helpers.js';
import { LoopbackProxy } from './loopback-proxy.js';

/**
 * PostgreSQL behind a network cut that drops packets without a reset (LoopbackProxy.cut): no
 * error ever reaches the server's connections, so only DB_QUERY_TIMEOUT_SECONDS (1 s here) ends
 * their wait. The shared PostgreSQL server itself is never touched.
 */
const BASE = process.env.TEST_DATABASE_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { warn: () => {}, info: () => {} };

async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe.skipIf(!BASE)('PostgreSQL behind a network cut that drops packets', () => {
  const schema = newTestSchemaName();
  const options = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const proxies: LoopbackProxy[] = [];

  /** A proxy to the test database, and the URL of this file's schema through it. */
  async function proxied(): Promise<{ proxy: LoopbackProxy; url: string }> {
    const base = new URL(BASE!);
    const proxy = new LoopbackProxy(await freePort(), { host: base.hostname, port: Number(base.port || 5432) });
    await proxy.open();
    proxies.push(proxy);
    const url = new URL(BASE!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.search = `?${options}`;
    return { proxy, url: url.toString() };
  }

  let direct: Db;
  beforeAll(async () => {
    const admin = await createDb({ kind: 'postgres', url: BASE! });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    direct = await createDb({ kind: 'postgres', url: `${BASE}${BASE!.includes('?') ? '&' : '?'}${options}` });
    await migrateToLatest(direct);
  });

  afterAll(async () => {
    for (const proxy of proxies) await proxy.close();
    await direct?.destroy();
  });

  describe('API requests', () => {
    let proxy: LoopbackProxy;
    let db: Db;
    let app: App;
    let headers: Record<string, string> = {};

    beforeAll(async () => {
      const through = await proxied();
      proxy = through.proxy;
      const config = loadConfig({
        PORT: '3999',
        DATABASE_URL: through.url,
        DB_QUERY_TIMEOUT_SECONDS: '1',
        STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-storage-')),
        LOG_LEVEL: 'silent',
      });
      expect(config.dbQueryTimeoutSeconds).toBe(1);
      db = await createDb(config.database, { queryTimeoutMs: config.dbQueryTimeoutSeconds * 1000 });
      setDatabaseLogger(db, quiet);
      app = await buildApp({ config, db });
      await app.ready();
      const user = await direct
        .insertInto('users')
        .values({ name: 'Taglio', surname: 'Rete', email: `taglio-${randomBytes(3).toString('hex')}@example.test` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await grant(direct, user.id, ['read_teams', 'create_teams']);
      headers = { authorization: `Bearer ${await issueToken(direct, user.id, 3600)}`, accept: 'application/json' };
    });

    afterAll(async () => {
      await app?.close();
      await proxy?.close();
      await db?.destroy();
    });

    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const createTeam = (name: string) => app.inject({ method: 'POST', url: '/api/teams', headers, payload: { name } });

    it(
      'answers 503 within the query bound on pooled connections, and 200 on fresh ones once the network is back',
      { timeout: 60_000 },
      async () => {
        // Requests at once leave several connections idle in the pool.
        const warm = await Promise.all(Array.from({ length: 4 }, () => get('/api/teams')));
        expect(warm.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);

        proxy.cut();
        const started = Date.now();
        const [read, write] = await Promise.all([get('/api/teams'), createTeam('Durante il taglio')]);
        const waited = Date.now() - started;
        expect(read.statusCode).toBe(503);
        expect(read.headers['retry-after']).toMatch(/^\d+$/);
        expect(read.json().message).toMatch(/temporaneamente non disponibile/i);
        expect(write.statusCode).toBe(503);
        // Still cut: whichever connection a request gets, it is answered, not held.
        expect((await get('/readyz')).statusCode).toBe(503);

        // The network is back for new connections; the connections cut stay silent, so a request
        // served on one of them again would be answered 503 (or not at all).
        proxy.restore();
        expect((await get('/api/teams')).statusCode).toBe(200);
        expect((await createTeam('Dopo il taglio')).statusCode).toBe(201);
        expect((await get('/readyz')).statusCode).toBe(200);
        const stored = await direct
          .selectFrom('teams')
          .select('name')
          .where('name', 'in', ['Durante il taglio', 'Dopo il taglio'])
          .execute();
        expect(stored.map((row) => row.name)).toEqual(['Dopo il taglio']);
        console.log(
          `network cut: the first requests answered ${read.statusCode} and ${write.statusCode} after ${waited} ms (bound 1 s)`,
        );
      },
    );
  });

  describe('the background jobs lock', () => {
    let leadership: Leadership | undefined;
    afterAll(async () => {
      await leadership?.stop();
    });

    it(
      'is given up when its check goes unanswered, taken again after the cut, and stop() does not wait on a silent connection',
      { timeout: 60_000 },
      async () => {
        const { proxy, url } = await proxied();
        const events: string[] = [];
        const jobs = startLeadership({
          database: { kind: 'postgres', url },
          workerIndex: 0,
          log: quiet,
          retryMs: 100,
          queryTimeoutMs: 1000,
          onLead: () => events.push('lead'),
          onLose: async () => {
            events.push('lose');
          },
        });
        leadership = jobs;
        await waitFor(() => jobs.leading, 'the lock');

        proxy.cut();
        await waitFor(() => !jobs.leading, 'the jobs to stop');
        expect(events).toEqual(['lead', 'lose']);

        // PostgreSQL frees the lock when it notices the silent session gone: here, when the proxy
        // resets it.
        proxy.restore();
        await proxy.close();
        await proxy.open();
        await waitFor(() => jobs.leading, 'the lock again');
        expect(events).toEqual(['lead', 'lose', 'lead']);

        proxy.cut();
        await jobs.stop();
        expect(jobs.leading).toBe(false);
        expect(events).toEqual(['lead', 'lose', 'lead', 'lose']);
      },
    );
  });
});
