import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, issueToken } from '../../server/src/auth/tokens.js';
import { createDb, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { freePort, newTestSchemaName } from './helpers.js';

/**
 * More than one server process on one database: two processes on loopback against one PostgreSQL
 * (what several hosts do), and WORKERS=2 on SQLite (one port, node:cluster).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(root, 'server', 'src', 'server.ts');

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
}

async function startServer(dir: string, databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: join(dir, `storage-${port}`),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'info',
      WORKERS: '1',
      API_RATE_LIMIT_PER_USER: '1000000',
      API_RATE_LIMIT_PER_ADDRESS: '1000000',
      PERCORSO_JOBS_RETRY_MS: '300',
      ...env,
    },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, exited, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

async function eventually<T>(probe: () => Promise<T | null | undefined | false>, withinMs: number): Promise<T> {
  for (const end = Date.now() + withinMs; ;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A user with the developer permission (every API route) and a bearer token. */
async function staffToken(db: Db): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ name: 'Ada', surname: 'Staff', email: `ada.${randomBytes(3).toString('hex')}@example.test` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ name: `Sviluppo ${user.id}`, description: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exists = await db.selectFrom('permissions').select('name').where('name', '=', 'developer').executeTakeFirst();
  if (!exists) await db.insertInto('permissions').values({ name: 'developer', description: 'developer' }).execute();
  await db.insertInto('role_permissions').values({ role_id: role.id, permission_name: 'developer' }).execute();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return issueToken(db, user.id, 3600);
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'percorso-scale-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Percorso</title>');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('WORKERS=2 on SQLite', () => {
  it('serves one port from two worker processes, and a SIGTERM stops them all', async () => {
    const databasePath = join(dir, 'cluster.db');
    const db = await createDb({ kind: 'sqlite', path: databasePath });
    await migrateToLatest(db);
    const token = await staffToken(db);
    const team = await db
      .insertInto('teams')
      .values({ name: 'Squadra contesa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.destroy();

    // Workers need a real provider: the development one keeps its sign-in state in one process.
    const provider = {
      OIDC_ISSUER: 'http://127.0.0.1:9/unused',
      OIDC_CLIENT_ID: 'percorso',
      OIDC_CLIENT_SECRET: 'secret',
    };
    const server = await startServer(dir, `sqlite:${databasePath}`, { WORKERS: '2', ...provider });
    try {
      // A fresh connection per request: the primary hands connections to the workers in turn.
      const port = Number(new URL(server.url).port);
      const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
        new Promise<{ status: number; etag?: string }>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              method,
              path,
              agent: false,
              headers: { authorization: `Bearer ${token}`, ...headers },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      const get = async () => (await send('GET', '/api/user')).status;
      const pids = new Set<string>();
      await eventually(async () => {
        expect(await get()).toBe(200);
        for (const match of server.output().matchAll(/"pid":(\d+)[^\n]*"url":"\/api\/user"/g)) pids.add(match[1]!);
        return pids.size >= 2;
      }, 30_000);
      expect(pids.has(String(server.child.pid))).toBe(false);

      // Two saves of one record at once, each to the next worker, on the same version: the record's
      // lease in the database file makes one wait for the other, so the second is refused.
      const teamPath = `/api/teams/${team.id}`;
      for (let round = 1; round <= 6; round++) {
        const version = (await send('GET', teamPath)).etag!;
        const save = (name: string) =>
          send(
            'PUT',
            teamPath,
            { 'content-type': 'application/json', 'if-match': version },
            JSON.stringify({ name, description: null }),
          );
        const answers = await Promise.all([save(`Primo ${round}`), save(`Secondo ${round}`)]);
        expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 412]);
      }
    } finally {
      await stop(server);
    }
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let schema: string;
  let url: string;
  let db: Db;
  let token: string;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    const base = process.env.TEST_DATABASE_URL!;
    schema = newTestSchemaName();
    const admin = await createDb({ kind: 'postgres', url: base });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    db = await createDb({ kind: 'postgres', url });
    await migrateToLatest(db);
    const env = { API_RATE_LIMIT_PER_USER: '20' };
    [a, b] = await Promise.all([startServer(dir, url, env), startServer(dir, url, env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a && stop(a), b && stop(b)]);
    await db?.destroy();
  }, 60_000);

  // A caller of its own for each test: one that logs out or hits the rate limit spoils no other.
  beforeEach(async () => {
    token = await staffToken(db);
  });
  const auth = () => ({ authorization: `Bearer ${token}` });

  it('refuses a token in one process on the very next request after its logout in the other', async () => {
    // Both processes have the caller cached.
    for (const server of [a, b]) {
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/user`, { headers: auth() })).status).toBe(200);
    }
    // The logout answers only once the other process has emptied its cache: paused, it holds it.
    b.child.kill('SIGSTOP');
    let answeredAt = Infinity;
    const logout = fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: auth() }).then((response) => {
      answeredAt = Date.now();
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resumedAt = Date.now();
    b.child.kill('SIGCONT');
    expect((await logout).status).toBe(200);
    expect(answeredAt).toBeGreaterThanOrEqual(resumedAt);
    expect((await fetch(`${b.url}/api/user`, { headers: auth() })).status).toBe(401);
    expect((await fetch(`${a.url}/api/user`, { headers: auth() })).status).toBe(401);
  });

  it('refuses a sign-in ended through "Accessi attivi" in one process on the very next request in the other', async () => {
    const { user_id: userId } = await db
      .selectFrom('access_tokens')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    const phone = await issueToken(
      db,
      userId,
      3600,
      new Date(),
      null,
      'Mozilla/5.0 (iPhone) Version/17.5 Safari/604.1',
    );
    const asPhone = { authorization: `Bearer ${phone}` };
    // Both processes have both sign-ins cached.
    for (const server of [a, b]) {
      for (const headers of [auth(), asPhone]) {
        expect((await fetch(`${server.url}/api/user`, { headers })).status).toBe(200);
      }
    }
    const listed = (await (await fetch(`${a.url}/api/user/tokens`, { headers: auth() })).json()) as {
      data: Array<{ id: string; current: boolean; browser: string }>;
    };
    const target = listed.data.find((signIn) => !signIn.current)!;
    expect(target.browser).toBe('Safari su iOS');
    const ended = await fetch(`${a.url}/api/user/tokens/${target.id}`, { method: 'DELETE', headers: auth() });
    expect(ended.status).toBe(204);
    expect((await fetch(`${b.url}/api/user`, { headers: asPhone })).status).toBe(401);
    expect((await fetch(`${a.url}/api/user`, { headers: asPhone })).status).toBe(401);
    expect((await fetch(`${b.url}/api/user`, { headers: auth() })).status).toBe(200);
  });

  it('answers a logout even while the other process cannot confirm it, and logs that it did not', async () => {
    for (const server of [a, b]) expect((await fetch(`${server.url}/api/user`, { headers: auth() })).status).toBe(200);
    b.child.kill('SIGSTOP');
    try {
      expect((await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: auth() })).status).toBe(200);
      // The answer and the log line come over two channels (the socket, the child's stdout): the
      // line may reach this process a moment after the answer.
      await expect.poll(() => a.output(), { timeout: 5_000 }).toContain('not every process confirmed in time');
    } finally {
      b.child.kill('SIGCONT');
    }
    await expect.poll(async () => (await fetch(`${b.url}/api/user`, { headers: auth() })).status).toBe(401);
  });

  it('counts a rate limit over the requests sent to both processes', async () => {
    const headers = auth();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await fetch(`${a.url}/api/user`, { headers })).status);
      statuses.push((await fetch(`${b.url}/api/user`, { headers })).status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await fetch(`${b.url}/api/user`, { headers });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${a.url}/api/user`, { headers })).status).toBe(429);
  });

  it('serves an image uploaded through one process from the other, with the same ETag', async () => {
    const team = await db
      .insertInto('teams')
      .values({ name: 'Squadra condivisa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const logo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#c82' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${a.url}/api/teams/${team.id}/avatar`, { method: 'POST', headers: auth(), body: form });
    expect(upload.status).toBe(200);
    const path: string = (await upload.json()).data.avatar;
    const [fromA, fromB] = await Promise.all([fetch(`${a.url}${path}`), fetch(`${b.url}${path}`)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    const etag = fromA.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(fromB.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    const revalidated = await fetch(`${b.url}${path}`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('takes two saves of one record sent at once to both processes on the same version: one applies, the other is refused', async () => {
    // Each process queues the saves of a record it receives; the record's lease in the database
    // (edit_leases) is what makes a save in one process wait for a save in the other.
    token = await staffToken(db);
    const team = await db
      .insertInto('teams')
      .values({ name: 'Squadra contesa' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const teamUrl = (server: Server) => `${server.url}/api/teams/${team.id}`;
    // Six rounds of three requests stay within this suite's rate limit (20 a minute per user).
    for (let round = 1; round <= 6; round++) {
      const version = (await fetch(teamUrl(a), { headers: auth() })).headers.get('etag')!;
      const save = (server: Server, name: string) =>
        fetch(teamUrl(server), {
          method: 'PUT',
          headers: { ...auth(), 'content-type': 'application/json', 'if-match': version },
          body: JSON.stringify({ name, description: null }),
        });
      const answers = await Promise.all([save(a, `Da A ${round}`), save(b, `Da B ${round}`)]);
      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 412]);
    }
    expect(await db.selectFrom('edit_leases').selectAll().execute()).toEqual([]);
  });

  it('runs the background jobs in exactly one process, and the other takes over when it dies', async () => {
    const holders = async () =>
      (
        await sql<{ application_name: string }>`
          select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and a.application_name in (${`percorso-jobs-${a.child.pid}`}, ${`percorso-jobs-${b.child.pid}`})
        `.execute(db)
      ).rows.map((row) => row.application_name);
    const first = await eventually(async () => {
      const names = await holders();
      return names.length === 1 ? names[0] : null;
    }, 20_000);
    // Still exactly one after the others have tried a few times.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await holders()).toEqual([first]);

    const [leader, other] = first === `percorso-jobs-${a.child.pid}` ? [a, b] : [b, a];
    leader.child.kill('SIGKILL');
    await leader.exited;
    // PostgreSQL ends the dead process's session (and frees its lock) a moment after the process
    // is gone: until then the old holder is still listed.
    const next = await eventually(async () => {
      const names = await holders();
      return names.length === 1 && names[0] !== first ? names[0] : null;
    }, 20_000);
    expect(next).toBe(`percorso-jobs-${other.child.pid}`);
    // Its log says so (the line may reach stdout a moment after the lock).
    await eventually(async () => other.output().includes('background jobs: this process runs them'), 5_000);
    // The killed one comes back as a second process; the jobs stay where they are.
    const restarted = await startServer(dir, url);
    if (leader === a) a = restarted;
    else b = restarted;
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await holders()).toEqual([`percorso-jobs-${other.child.pid}`]);
  }, 90_000);
});
