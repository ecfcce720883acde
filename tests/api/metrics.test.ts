import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/src/auth/tokens.js';
import { migrateToLatest } from '../../server/src/db/index.js';
import { databases, freePort, isolatedDb } from './helpers.js';

/**
 * METRICS_PORT on a real two-worker server (WORKERS=2, node:cluster): known requests go to the
 * public port, each on a connection of its own so that both workers serve some, and one scrape of
 * the primary's /metrics counts every one of them, whichever worker answered.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(root, 'server', 'src', 'server.ts');

/** One sample of Prometheus' text format: `name{a="x",b="y"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample named `name` whose labels include `labels` (undefined: none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** One request on a connection of its own (the primary hands each new connection to the next worker). */
function send(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  body?: object,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const method = body ? 'POST' : 'GET';
    if (body) headers = { ...headers, 'content-type': 'application/json' };
    const req = httpRequest({ host: '127.0.0.1', port, path, method, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

async function eventually<T>(probe: () => Promise<T | null | undefined | false>, withinMs: number): Promise<T> {
  for (const end = Date.now() + withinMs; ;) {
    const result = await probe();
    if (result) return result;
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let dir: string;
let child: ChildProcess | null = null;
let output = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'percorso-metrics-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Percorso</title>');
});

async function stopChild(): Promise<void> {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = null;
}

afterAll(async () => {
  await stopChild();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(databases)('METRICS_PORT with WORKERS=2 (%s)', (kind) => {
  it("scrapes the sum of both workers' metrics from the primary, on its own port", async () => {
    const { db, url: databaseUrl } = await isolatedDb(kind);
    await migrateToLatest(db);
    const user = await db
      .insertInto('users')
      .values({ name: 'Grace', surname: 'Hopper', email: 'grace@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await issueToken(db, user.id, 3600);
    // An expired sign-in is not an active one.
    await issueToken(db, user.id, 3600, new Date(Date.now() - 2 * 3600_000));
    await db.destroy();

    const [port, metricsPort] = [await freePort(), await freePort()];
    await stopChild();
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        STORAGE_DIR: join(dir, 'storage'),
        DIST_DIR: join(dir, 'dist'),
        LOG_LEVEL: 'info',
        WORKERS: '2',
        METRICS_PORT: String(metricsPort),
        API_RATE_LIMIT_PER_USER: '1000000',
        API_RATE_LIMIT_PER_ADDRESS: '1000000',
        // Workers need a real provider: the development one keeps its sign-in state in one process.
        OIDC_ISSUER: 'http://127.0.0.1:9/unused',
        OIDC_CLIENT_ID: 'percorso',
        OIDC_CLIENT_SECRET: 'secret',
      },
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const scrape = async () => {
      const res = await send(metricsPort, '/metrics');
      expect(res.status).toBe(200);
      return parse(res.body);
    };
    // Both workers listen, and both answer the primary's request for their metrics.
    await eventually(async () => {
      const up = await send(port, '/healthz').catch(() => null);
      const metrics = up?.status === 200 ? await scrape().catch(() => null) : null;
      return metrics && value(metrics, 'percorso_serving_processes') === 2;
    }, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${output}`);
    });

    const before = await scrape();
    const count = (samples: Sample[], route: string, status: string) =>
      value(samples, 'percorso_http_requests_total', { method: 'GET', route, status }) ?? 0;

    // Known requests, each on its own connection, each with an id the log lines name (loopback is
    // a trusted proxy by default), so that the log says which worker answered which.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const id = `metrics-test-${i}`;
      ids.push(id);
      expect((await send(port, '/api/user', { authorization: `Bearer ${token}`, 'x-request-id': id })).status).toBe(
        200,
      );
    }
    for (let i = 0; i < 5; i++) expect((await send(port, '/api/teams/42')).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await send(port, '/nowhere/at/all.js')).status).toBe(404);

    // Both workers served the signed-in requests.
    const pids = new Set<string>();
    for (const id of ids) {
      const line = output.split('\n').find((l) => l.includes(`"reqId":"${id}"`) && l.includes('"pid":'));
      pids.add(/"pid":(\d+)/.exec(line ?? '')?.[1] ?? 'missing');
    }
    expect(pids.has('missing')).toBe(false);
    expect(pids.has(String(child.pid))).toBe(false);
    expect(pids.size).toBe(2);

    const after = await scrape();
    // Every request counted once, by route pattern (never the address itself) and status.
    expect(count(after, '/api/user', '200') - count(before, '/api/user', '200')).toBe(12);
    expect(count(after, '/api/teams/:id', '401') - count(before, '/api/teams/:id', '401')).toBe(5);
    expect(after.some((s) => s.labels.route === '/api/teams/42')).toBe(false);
    expect(count(after, '(unmatched)', '404') - count(before, '(unmatched)', '404')).toBe(3);
    const histogramCount = (samples: Sample[]) =>
      value(samples, 'percorso_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/user',
        status: '200',
      }) ?? 0;
    expect(histogramCount(after) - histogramCount(before)).toBe(12);
    expect(
      value(after, 'percorso_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/user',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(histogramCount(after));

    // The database's queries are timed; one process counts the active sign-ins (the sum is not doubled).
    expect(value(after, 'percorso_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(value(after, 'percorso_active_sign_ins')).toBe(1);
    if (kind === 'postgres') {
      // Each worker's pool: its connections, and the waits for one.
      expect(value(after, 'percorso_db_pool_wait_seconds_count')).toBeGreaterThan(0);
      expect(value(after, 'percorso_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(value(after, 'percorso_db_pool_waiting')).toBe(0);
    } else {
      expect(value(after, 'percorso_db_pool_wait_seconds_count')).toBe(0);
    }
    // Exactly one worker runs the background jobs; the audit purge ran once as it started.
    expect(value(after, 'percorso_background_jobs_leader')).toBe(1);
    const purges = await eventually(async () => {
      const samples = await scrape();
      return (value(samples, 'percorso_job_runs_total', { job: 'retention_audit', outcome: 'success' }) ?? 0) >= 1
        ? samples
        : null;
    }, 10_000);
    expect(value(purges, 'percorso_job_runs_total', { job: 'retention_audit', outcome: 'failure' })).toBe(0);
    expect(value(purges, 'percorso_job_last_success_timestamp_seconds', { job: 'retention_audit' })).toBeGreaterThan(
      Date.now() / 1000 - 600,
    );
    // Process metrics, and the release.
    expect(value(after, 'percorso_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.find((s) => s.name === 'percorso_build_info')?.labels.release).toMatch(/^\d+\.\d+\.\d+/);

    // The browsers' error reports, by kind.
    const report = { kind: 'chunk', message: 'Failed to fetch', page: '/courses', release: '0.1.0' };
    for (let i = 0; i < 2; i++) expect((await send(port, '/api/client-errors', {}, report)).status).toBe(204);
    expect(value(await scrape(), 'percorso_client_errors_total', { kind: 'chunk' })).toBe(2);

    // Nothing but /metrics on the metrics port, and no metrics on the public one.
    expect((await send(metricsPort, '/')).status).toBe(404);
    expect((await send(port, '/metrics')).body).not.toContain('percorso_http_requests_total');
  }, 120_000);
});
