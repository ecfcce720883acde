import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SQLite as Database } from '../../server/src/db/sqlite-driver.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueToken } from '../../server/src/auth/tokens.js';
import { createDb, migrateToLatest } from '../../server/src/db/index.js';
import { freePort } from './helpers.js';

/**
 * The real process, as `npm start` runs it: a stop signal to the whole process group drains the
 * requests in flight, after a drain window on SIGTERM when one is set; a slow client is cut off by the header timeout; a kill -9 in the middle of a
 * stream of writes loses none that were acknowledged and leaves the database intact.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let databasePath: string;
let token: string;

interface Started {
  child: ChildProcess;
  url: string;
  port: number;
  exited: Promise<number | null>;
  output: () => string;
}

async function startServer(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // Its own process group, like a terminal or a service manager starts it.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: `sqlite:${databasePath}`,
      STORAGE_DIR: join(dir, 'storage'),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'info',
      API_RATE_LIMIT_PER_USER: '1000000',
      API_RATE_LIMIT_PER_ADDRESS: '1000000',
      ...env,
    },
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // npm start runs one worker per core (WORKERS): on a busy machine they take a while to start.
  for (let i = 0; i < 900; i++) {
    const ok = await fetch(`${url}/api/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, port, exited, output: () => output };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start:\n${output}`);
}

function signalGroup(server: Started, signal: NodeJS.Signals) {
  process.kill(-server.child.pid!, signal);
}

/** Resolves once no process of the group is left (npm, the start script and the server). */
async function groupGone(server: Started, withinMs: number): Promise<boolean> {
  for (const end = Date.now() + withinMs; Date.now() < end;) {
    try {
      process.kill(-server.child.pid!, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'percorso-process-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Percorso</title>');
  databasePath = join(dir, 'percorso.db');
  const db = await createDb({ kind: 'sqlite', path: databasePath });
  await migrateToLatest(db);
  const user = await db
    .insertInto('users')
    .values({ name: 'Ada', surname: 'Staff', email: 'ada.staff@example.test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('roles')
    .values({ name: 'Sviluppo', description: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exists = await db.selectFrom('permissions').select('name').where('name', '=', 'developer').executeTakeFirst();
  if (!exists) await db.insertInto('permissions').values({ name: 'developer', description: 'developer' }).execute();
  await db.insertInto('role_permissions').values({ role_id: role.id, permission_name: 'developer' }).execute();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  token = await issueToken(db, user.id, 3600);
  await db.destroy();
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('drains a request in flight when the process group gets SIGTERM, then stops', async () => {
    const server = await startServer();
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ name: 'Team del drenaggio' });
    const socket = connect(server.port, '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    socket.write(
      `POST /api/teams HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    signalGroup(server, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    socket.write(body.slice(5));
    await closed;
    expect(response, server.output()).toMatch(/^HTTP\/1\.1 201/);
    expect(response).toContain('Team del drenaggio');
    expect(await groupGone(server, 15_000)).toBe(true);
    expect(server.output()).toContain('finishing the requests in flight');
    expect(server.output()).not.toContain('stopping anyway');
  }, 90_000);

  it('on SIGTERM drains first: /readyz answers 503 while requests are still served; SIGINT ends the drain', async () => {
    // A drain far longer than the test: only the SIGINT can end it in time.
    const server = await startServer({ SHUTDOWN_DRAIN_SECONDS: '600' });
    signalGroup(server, 'SIGTERM');
    let ready = await fetch(`${server.url}/readyz`);
    // The signal reaches the server through npm and the start script: ask until it has.
    while (ready.status === 200)
      ready = await new Promise((r) => setTimeout(r, 50)).then(() => fetch(`${server.url}/readyz`));
    expect(ready.status, server.output()).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const teams = await fetch(`${server.url}/api/teams?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(teams.status).toBe(200);
    // The log line travels through npm and the start script's pipes: it may trail the 503.
    await vi.waitFor(() => expect(server.output()).toContain('still serving for 600 s'), { timeout: 10_000 });

    signalGroup(server, 'SIGINT');
    expect(await groupGone(server, 15_000), server.output()).toBe(true);
    expect(server.output()).toContain('finishing the requests in flight');
    expect(server.output()).not.toContain('stopping anyway');
  }, 90_000);

  it('cuts off a client that sends its headers too slowly', async () => {
    const server = await startServer({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' });
    try {
      const socket = connect(server.port, '127.0.0.1');
      const started = Date.now();
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      socket.write('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      socket.on('error', () => undefined);
      const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
      await closed;
      clearInterval(drip);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      signalGroup(server, 'SIGTERM');
      await groupGone(server, 15_000);
    }
  }, 90_000);

  it('loses no acknowledged write to kill -9 in the middle of a stream of writes', async () => {
    const server = await startServer();
    const acknowledged: number[] = [];
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await fetch(`${server.url}/api/teams`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Team ${w}-${i}` }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { data: { id: number } }).data.id);
        } catch {
          return;
        }
      }
    });
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    signalGroup(server, 'SIGKILL');
    stop = true;
    await Promise.all(writers);
    await groupGone(server, 15_000);

    const db = new Database(databasePath);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set((db.prepare('select id from teams').all() as Array<{ id: number }>).map((r) => r.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      db.close();
    }
    // The same file serves again.
    const again = await startServer();
    const res = await fetch(`${again.url}/api/teams?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    signalGroup(again, 'SIGTERM');
    expect(await groupGone(again, 15_000)).toBe(true);
  }, 120_000);
});
