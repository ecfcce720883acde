import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { migrateToLatest, type Db } from '../../server/src/db/index.js';
import { buildApp, type App } from '../../server/src/app.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { CLIENT_ERRORS_PER_MINUTE } from '../../server/src/modules/client-errors/routes.js';
import { databases, isolatedDb } from './helpers.js';

/**
 * Every request has an id: a trusted proxy's X-Request-Id, else a new one. It comes back in the
 * answer and is in every log line the request writes. The browser's error reports
 * (POST /api/client-errors) are such log lines, at warn.
 */

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  clientError?: Record<string, unknown>;
  [key: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const WARN = 40;

function useLoggedApp(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const ctx = { lines: [] as LogLine[] } as { app: App; db: Db; lines: LogLine[]; userId: number; token: string };
  beforeAll(async () => {
    const isolated = await isolatedDb(kind);
    await migrateToLatest(isolated.db);
    const config = loadConfig({
      DATABASE_URL: isolated.url,
      STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-storage-')),
      API_RATE_LIMIT_PER_USER: '10000000',
      API_RATE_LIMIT_PER_ADDRESS: '10000000',
      ...env,
    });
    const stream = { write: (line: string) => void ctx.lines.push(JSON.parse(line) as LogLine) };
    ctx.db = isolated.db;
    ctx.app = await buildApp({ config, db: isolated.db, logger: { level: 'info', stream } });
    await ctx.app.ready();
    const user = await ctx.db
      .insertInto('users')
      .values({ name: 'Ada', surname: 'Lovelace', email: `ada-${kind}-${Date.now()}@example.test` })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.userId = user.id;
    ctx.token = await issueToken(ctx.db, user.id, 3600, new Date(ctx.app.now()));
  });
  beforeEach(() => {
    ctx.lines.length = 0;
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.destroy();
  });
  return ctx;
}

const linesOf = (lines: LogLine[], id: string) => lines.filter((line) => line.reqId === id);

describe.each(databases)('request ids (%s)', (kind) => {
  const ctx = useLoggedApp(kind);

  it('gives a request without an id a new one, in the answer and in each of its log lines', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    // Fastify's "incoming request" and "request completed" at least, each with the id.
    const own = linesOf(ctx.lines, id);
    expect(own.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // Every line written while serving names it: none without a reqId but the app's own.
    expect(ctx.lines.filter((line) => line.req || line.res).every((line) => line.reqId === id)).toBe(true);
    const other = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(id);
  });

  it('keeps the id a trusted proxy sends (TRUST_PROXY: loopback by default)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/config/missing',
      headers: { 'x-request-id': 'nginx-5f2c9a1e0b7d' },
      remoteAddress: '127.0.0.1',
    });
    expect(res.headers['x-request-id']).toBe('nginx-5f2c9a1e0b7d');
    expect(linesOf(ctx.lines, 'nginx-5f2c9a1e0b7d').length).toBeGreaterThanOrEqual(2);
  });

  it('ignores the id sent by a client that is not a trusted proxy', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-request-id': 'forged-id-of-someone-else' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(linesOf(ctx.lines, 'forged-id-of-someone-else')).toEqual([]);
    expect(linesOf(ctx.lines, String(res.headers['x-request-id'])).length).toBeGreaterThanOrEqual(2);
  });

  it('ignores an id that could break a log line or a header, even from a trusted proxy', async () => {
    for (const given of ['two words', 'x'.repeat(129), 'a\tb']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it("puts the id in a route's own log lines (the browser's error report)", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'x-request-id': 'proxy-id-42' },
      payload: { kind: 'error', message: 'boom', page: '/courses', release: '0.1.0+abc1234' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-request-id']).toBe('proxy-id-42');
    const report = ctx.lines.find((line) => line.clientError);
    expect(report?.reqId).toBe('proxy-id-42');
  });
});

describe.each(databases)('request ids behind a listed proxy (%s)', (kind) => {
  const ctx = useLoggedApp(kind, { TRUST_PROXY: '10.1.2.3, 192.168.0.0/16' });

  it('trusts exactly the addresses TRUST_PROXY lists', async () => {
    const from = async (remoteAddress: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/healthz',
          headers: { 'x-request-id': 'from-proxy' },
          remoteAddress,
        })
      ).headers['x-request-id'];
    expect(await from('10.1.2.3')).toBe('from-proxy');
    expect(await from('192.168.40.1')).toBe('from-proxy');
    expect(await from('10.1.2.4')).toMatch(UUID);
    expect(await from('127.0.0.1')).toMatch(UUID);
  });
});

describe.each(databases)('POST /api/client-errors (%s)', (kind) => {
  const ctx = useLoggedApp(kind);
  let address = 0;
  /** Each test reports from an address of its own, so that the limit of one does not touch another. */
  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = `198.51.100.${++address}`) =>
    ctx.app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, headers, remoteAddress });
  const valid = {
    kind: 'chunk',
    message: 'Failed to fetch dynamically imported module: https://percorso.example/assets/TeamPage-3f2a.js',
    stack: 'TypeError: Failed to fetch\n    at https://percorso.example/assets/index-9c1b.js:1:2345',
    page: '/percorso/12',
    release: '0.1.0+abc1234',
  };

  it('logs a report at warn with the page, the release and the request id, and answers 204', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const line = ctx.lines.find((l) => l.clientError);
    expect(line).toBeDefined();
    expect(line!.level).toBe(WARN);
    expect(line!.reqId).toBe(res.headers['x-request-id']);
    expect(line!.msg).toContain('/percorso/12');
    expect(line!.msg).toContain('0.1.0+abc1234');
    expect(line!.clientError).toEqual({
      kind: 'chunk',
      message: valid.message,
      stack: valid.stack,
      page: '/percorso/12',
      release: '0.1.0+abc1234',
      userId: null,
    });
  });

  it("names the signed-in reporter's user id; a token that is not valid is refused", async () => {
    const res = await post(valid, { authorization: `Bearer ${ctx.token}` });
    expect(res.statusCode).toBe(204);
    expect(ctx.lines.find((l) => l.clientError)!.clientError!.userId).toBe(ctx.userId);
    expect((await post(valid, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
  });

  it('cuts a long stack and removes control characters', async () => {
    const res = await post({
      ...valid,
      message: 'a\u0000b\u001bc',
      stack: `Error\n${'    at x (y.js:1:1)\n'.repeat(1000)}`,
    });
    expect(res.statusCode).toBe(204);
    const report = ctx.lines.find((l) => l.clientError)!.clientError!;
    expect(report.message).toBe('a b c');
    expect((report.stack as string).length).toBe(4000);
    expect(report.stack as string).toMatch(/^Error\n {4}at x/);
  });

  it('refuses a report without its fields, or with a full address for the page, with Italian messages', async () => {
    const res = await post({
      kind: 'other',
      message: '',
      page: 'https://percorso.example/courses?code=secret',
      release: '',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['kind', 'message', 'page', 'release']);
    expect(errors.message).toEqual(['Il campo messaggio è obbligatorio.']);
    expect(errors.page).toEqual(['Il campo pagina non ha un formato valido.']);
    expect(errors.kind).toEqual(['Il valore del campo tipo di errore non è valido.']);
    const query = await post({ ...valid, page: '/auth/callback?code=secret' });
    expect(query.statusCode).toBe(422);
    const long = await post({ ...valid, message: 'x'.repeat(1001) });
    expect(long.json().errors.message).toEqual(['Il campo messaggio non può superare 1000 caratteri.']);
    expect((await post({})).statusCode).toBe(422);
    expect(ctx.lines.filter((l) => l.clientError)).toEqual([]);
  });

  it(`answers 429 after ${CLIENT_ERRORS_PER_MINUTE} reports a minute from one address, and keeps others apart`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_ERRORS_PER_MINUTE; i++) statuses.push((await post(valid, {}, '192.0.2.77')).statusCode);
    expect(statuses.slice(0, CLIENT_ERRORS_PER_MINUTE).every((status) => status === 204)).toBe(true);
    const refused = await post(valid, {}, '192.0.2.77');
    expect(statuses[CLIENT_ERRORS_PER_MINUTE]).toBe(429);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(ctx.lines.filter((l) => l.clientError)).toHaveLength(CLIENT_ERRORS_PER_MINUTE);
    expect((await post(valid, {}, '192.0.2.78')).statusCode).toBe(204);
  });
});
