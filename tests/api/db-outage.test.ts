import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/src/db/index.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { freePort, grant, newTestSchemaName } from './helpers.js';
import { LoopbackProxy } from './loopback-proxy.js';

/**
 * PostgreSQL failing and coming back, seen by a real server process (server.ts, as `npm start`
 * runs it) that reaches the database through a loopback proxy the test controls: closing the
 * proxy is an outage, pg_terminate_backend on the process's own connections is a server restart
 * or an administrator's kill. The shared PostgreSQL server itself is never stopped.
 */
const BASE = process.env.TEST_DATABASE_URL;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!BASE)('PostgreSQL outages, on a real server process', () => {
  const schema = newTestSchemaName();
  const applicationName = `percorso_outage_${randomBytes(4).toString('hex')}`;
  let proxy: LoopbackProxy;
  let child: ChildProcess;
  let exited: { code: number | null } | null = null;
  let output = '';
  let baseUrl = '';
  let direct: Db;
  let headers: Record<string, string> = {};

  /** Closes this server process's own connections, as a restart or pg_terminate_backend would. */
  async function terminateBackends(): Promise<number> {
    const result = await sql<{ n: number }>`
      select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where datname = current_database() and application_name = ${applicationName}`.execute(direct);
    return result.rows[0]?.n ?? 0;
  }

  async function get(path: string) {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Record<string, unknown>,
    };
  }

  async function createTeam(name: string): Promise<number> {
    const response = await fetch(`${baseUrl}/api/teams`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (
        await Promise.resolve()
          .then(check)
          .catch(() => false)
      )
        return;
      await sleep(100);
    }
    throw new Error(`timed out waiting for ${what}\n--- server output ---\n${output}`);
  }

  beforeAll(async () => {
    const base = new URL(BASE!);
    proxy = new LoopbackProxy(await freePort(), { host: base.hostname, port: Number(base.port || 5432) });
    const admin = await createDb({ kind: 'postgres', url: BASE! });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    const options = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    direct = await createDb({ kind: 'postgres', url: `${BASE}${BASE!.includes('?') ? '&' : '?'}${options}` });

    const viaProxy = new URL(BASE!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.search = `?${options}&application_name=${applicationName}`;
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // The database is not reachable yet: the proxy is closed until the first test opens it.
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'src', 'server.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: viaProxy.toString(),
        DB_CONNECT_TIMEOUT_SECONDS: '60',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-outage-storage-')),
        DIST_DIR: mkdtempSync(join(tmpdir(), 'percorso-outage-dist-')),
        LOG_LEVEL: 'warn',
        GOOGLE_SERVICE_ACCOUNT_FILE: '',
        GOOGLE_SERVICE_ACCOUNT_JSON: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => (exited = { code }));
  });

  afterAll(async () => {
    if (child && !exited) {
      child.kill('SIGTERM');
      await waitFor(() => exited !== null, 'the server to stop', 10000).catch(() => child.kill('SIGKILL'));
    }
    await proxy?.close();
    await direct?.destroy();
  });

  it(
    'starts before the database is up, logs its retries, and serves once the database comes',
    { timeout: 90000 },
    async () => {
      await waitFor(() => (output.match(/Database non raggiungibile/g) ?? []).length >= 2, 'two logged retries', 20000);
      expect(exited).toBeNull();
      await proxy.open();
      await waitFor(async () => (await get('/readyz')).status === 200, '/readyz to answer 200', 80000);
      expect(output).toMatch(/Database raggiungibile \(tentativo \d+\)/);
      expect((await get('/healthz')).status).toBe(200);

      // A signed-in administrator for the API calls below (written straight into the database).
      const user = await direct
        .insertInto('users')
        .values({ name: 'Guasto', surname: 'Prova', email: `guasto-${randomBytes(3).toString('hex')}@example.test` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await grant(direct, user.id, ['read_teams', 'create_teams']);
      headers = { authorization: `Bearer ${await issueToken(direct, user.id, 3600)}`, accept: 'application/json' };
      expect((await get('/api/teams')).status).toBe(200);
    },
  );

  it('stays up when every connection is terminated while idle, and serves the next request', async () => {
    // Several requests at once leave several idle connections in the pool.
    await Promise.all(Array.from({ length: 6 }, () => get('/api/teams')));
    expect(await terminateBackends()).toBeGreaterThan(0);
    await sleep(300);
    expect(exited).toBeNull();
    expect((await get('/api/teams')).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
    expect(output).toMatch(/database connection lost/);
  });

  it('keeps every acknowledged write when connections are terminated under a stream of writes', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Scrittura ${w}-${i}`;
        // A refused connection to the server itself (it died) counts as status 0.
        const status = await createTeam(name).catch(() => 0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 201) acknowledged.push(name);
      }
    };
    const writers = Array.from({ length: 4 }, (_, w) => writer(w));
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      await sleep(250);
      terminated += await terminateBackends();
    }
    // On a busy machine few writes fit in those rounds: keep writing until some are through.
    for (let waited = 0; acknowledged.length <= 10 && waited < 20_000; waited += 250) await sleep(250);
    stop = true;
    await Promise.all(writers);

    expect(exited).toBeNull();
    expect(terminated).toBeGreaterThan(0);
    // Each write either succeeded or was refused as "unavailable": never a 500.
    expect(
      [...statuses.keys()].every((s) => s === 201 || s === 503),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(10);
    const stored = new Set(
      (await direct.selectFrom('teams').select('name').where('name', 'like', 'Scrittura %').execute()).map(
        (r) => r.name,
      ),
    );
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    // pg_terminate_backend only signals: a connection of the last round may still be closing, and
    // a request that meets it is refused with 503 (as it should). Once the closes are seen, the
    // server serves again.
    await sleep(500);
    expect((await get('/api/teams')).status).toBe(200);
    console.log(
      `writes under terminations: ${JSON.stringify(Object.fromEntries(statuses))}, ${terminated} backends terminated, ${acknowledged.length} acknowledged and all stored`,
    );
  });

  it('answers 503 with Retry-After and an Italian message during an outage, and 200 once it ends', async () => {
    await proxy.close();
    const during = await get('/api/teams');
    expect(during.status).toBe(503);
    expect(during.retryAfter).toMatch(/^\d+$/);
    expect(during.body.message).toMatch(/temporaneamente non disponibile/i);
    expect(await createTeam('Durante il guasto')).toBe(503);
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.retryAfter).toMatch(/^\d+$/);
    expect((await get('/healthz')).status).toBe(200);
    expect(exited).toBeNull();

    await proxy.open();
    expect((await get('/api/teams')).status).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
    expect(await createTeam('Dopo il guasto')).toBe(201);
    expect(output).toMatch(/database unavailable/);
    console.log(
      `during the outage: ${during.status} retry-after=${during.retryAfter} "${String(during.body.message)}"; after: 200`,
    );
  });

  it('gives up with a clear message when the database never comes', { timeout: 30000 }, async () => {
    const closedPort = await freePort();
    const url = new URL(BASE!);
    url.hostname = '127.0.0.1';
    url.port = String(closedPort);
    const started = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'src', 'server.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DB_CONNECT_TIMEOUT_SECONDS: '2',
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    started.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => started.on('exit', resolve));
    expect(code).toBe(1);
    expect(text).toMatch(/Avvio non riuscito: Database non raggiungibile dopo \d+ s/);
    expect(text).toMatch(/DB_CONNECT_TIMEOUT_SECONDS/);
  });
});
