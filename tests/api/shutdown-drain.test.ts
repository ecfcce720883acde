import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { buildApp, type App } from '../../server/src/app.js';
import { drain } from '../../server/src/shutdown.js';

/**
 * A stop seen from outside, on a server that really listens: while draining, /readyz answers 503
 * and everything else is still served; while closing, a request that still arrives on an open
 * connection gets the API's Italian 503 with Retry-After. Nothing here depends on the database,
 * so SQLite alone is enough.
 */

interface Running {
  app: App;
  db: Db;
  port: number;
  url: string;
  /** Resolves once `app.close()` has begun (Fastify's preClose). */
  closing: Promise<void>;
}

let running: Running | null = null;

async function start(): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'percorso-drain-'));
  const db = await createDb({ kind: 'sqlite', path: join(dir, 'test.db') });
  await migrateToLatest(db);
  const config = loadConfig({
    PORT: '3999',
    DATABASE_URL: `sqlite:${join(dir, 'test.db')}`,
    STORAGE_DIR: dir,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, db });
  let closed!: () => void;
  const closing = new Promise<void>((resolve) => (closed = resolve));
  app.addHook('preClose', (done) => {
    closed();
    done();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  running = { app, db, port, url: `http://127.0.0.1:${port}`, closing };
  return running;
}

afterEach(async () => {
  if (!running) return;
  await running.app.close();
  await running.db.destroy();
  running = null;
});

/** A raw keep-alive connection, so that the test decides when each byte of a request arrives. */
async function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const waiters: Array<() => void> = [];
  socket.on('data', (chunk) => {
    received += chunk;
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return {
    write: (text: string) => socket.write(text),
    /** Resolves with everything received once it contains `text`. */
    async until(text: string): Promise<string> {
      while (!received.includes(text)) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    /** Resolves with everything received once the server has closed the connection. */
    async all(): Promise<string> {
      await closed;
      return received;
    },
  };
}

function parse(response: string) {
  const [head, body] = response.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('SHUTDOWN_DRAIN_SECONDS', () => {
  it('is none unless set, and refused when it is not a whole number of seconds up to 600', () => {
    expect(loadConfig({}).timeouts.drainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '5' }).timeouts.drainMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(
      'SHUTDOWN_DRAIN_SECONDS must be an integer between 0 and 600 (got "-1")',
    );
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '2.5' })).toThrow(/SHUTDOWN_DRAIN_SECONDS must be/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '601' })).toThrow(/SHUTDOWN_DRAIN_SECONDS must be/);
  });
});

describe('a stop: draining, then closing', () => {
  it('while draining, /readyz answers 503 "stopping" and every other request is still served', async () => {
    const { app, url } = await start();
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const hurry = new AbortController();
    // Far longer than the test: it ends when the test says so.
    const drained = drain(app, 3_600_000, hurry.signal);

    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
    expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(ready.headers.get('cache-control')).toBe('no-store');

    const alive = await fetch(`${url}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: 'ok' });

    // A new connection is still accepted and an ordinary request answered as usual.
    const config = await fetch(`${url}/api/config`, { headers: { connection: 'close' } });
    expect(config.status).toBe(200);
    expect(await config.json()).toHaveProperty('provider_label', 'Percorso ID');

    hurry.abort();
    await drained;
    expect(app.lifecycle.state).toBe('draining');
    await app.close();
    expect(app.lifecycle.state).toBe('closing');
  });

  it('while closing, a request on a connection still open gets the Italian 503 with Retry-After', async () => {
    const { app, port, closing } = await start();
    // A kept-alive connection that has served one request, and one that only just connected:
    // each has begun its next request when the close starts, so the server waits for both.
    const kept = await openConnection(port);
    kept.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(parse(await kept.until('{"status":"ok"}')).status).toBe(200);
    kept.write('GET /api/teams HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const probe = await openConnection(port);
    probe.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    const closed = app.close();
    await closing;
    kept.write('Accept: application/json\r\n\r\n');
    probe.write('\r\n');

    const refused = parse((await kept.all()).split('{"status":"ok"}')[1]);
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({ message: 'Il server si sta riavviando: riprova tra qualche secondo.' });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers.connection).toBe('close');

    // The probes still answer in their own words until the port closes.
    const ready = parse(await probe.all());
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'stopping' });

    await closed;
  });
});
