// Starting and stopping the real server for benchmarks (the same way the end-to-end tests do).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const benchDir = join(repoRoot, '.bench');

let nextFixedPort = Number(process.env.BENCH_PORT) || 0;

/** BENCH_PORT, BENCH_PORT+1, … when set; otherwise a port the system says is free. */
export async function freePort() {
  if (nextFixedPort) return nextFixedPort++;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function ensureBuild(force = false) {
  if (!force && existsSync(join(process.env.DIST_DIR || join(repoRoot, 'dist'), 'index.html'))) return;
  console.log('Building the front end (vite build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

const configKeys = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATABASE_URL',
  'STORAGE_DIR',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
];

/**
 * The rate limits a server under load needs: the product's defaults (600 requests a minute per user,
 * 1,200 per address) would answer 429 to the load generator, and the peers it is compared with have none.
 */
export const BENCH_SERVER_ENV = {
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: '100000',
  API_RATE_LIMIT_PER_USER: '10000000',
  API_RATE_LIMIT_PER_ADDRESS: '10000000',
};

/**
 * WORKERS > 1 (node:cluster) is honoured only with an external OpenID provider (the development
 * provider keeps its sign-in state in one process): the API and sync benches issue their tokens
 * directly, so an issuer that is never contacted (nothing listens on port 9) lets the server fork.
 */
export function workersEnv(workers) {
  if (workers <= 1) return { WORKERS: '1' };
  return {
    WORKERS: String(workers),
    OIDC_ISSUER: 'http://127.0.0.1:9/bench-idp',
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
  };
}

/**
 * Runs server/src/server.ts with tsx and resolves once it answers: GET / with the built app (200), or
 * GET `readyPath` (e.g. /healthz, for sections that only use the API and need no dist/).
 */
export async function startServer({ port, databaseUrl, storageDir, logFile, env = {}, readyPath = '/' }) {
  const url = `http://localhost:${port}`;
  const inherited = { ...process.env };
  for (const key of configKeys) delete inherited[key];
  const log = createWriteStream(logFile, { flags: 'a' });
  // BENCH_SERVER_NODE_ARGS adds Node options to the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // to profile it under the bench's load (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: storageDir,
      ...BENCH_SERVER_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const response = await fetch(url + readyPath, {
      headers: { accept: readyPath === '/' ? 'text/html' : 'application/json' },
      signal: AbortSignal.timeout(2000),
    }).catch(() => null);
    if (response?.ok) return { url, port, pid: child.pid, stop };
    if (response) {
      await stop();
      throw new Error(
        `GET ${url}${readyPath} answered ${response.status}${readyPath === '/' ? ' instead of the app (is dist/ built?)' : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  const output = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
  throw new Error(`The server on ${url} did not start:\n${output}`);
}

/** Runs a TypeScript helper with tsx and returns its stdout (stderr passes through). */
export function runTs(script, args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script} failed (exit ${result.status})`);
  return result.stdout;
}

/**
 * A bench section's working folder (.bench/<section>, emptied unless a shared database is given)
 * and a server on a free port using its own SQLite file there, or `sharedDatabaseUrl`. The server
 * always runs with BENCH_SERVER_ENV (no rate limit in the way of the load), plus `env`.
 */
export async function startSectionServer(section, { sharedDatabaseUrl, env = {}, readyPath = '/' } = {}) {
  const dir = join(benchDir, section);
  if (!sharedDatabaseUrl) rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const databasePath = join(dir, 'percorso.db');
  const databaseUrl = sharedDatabaseUrl || `sqlite:${databasePath}`;
  const server = await startServer({
    port: await freePort(),
    databaseUrl,
    storageDir: join(dir, 'storage'),
    logFile: join(dir, 'server.log'),
    env,
    readyPath,
  });
  return { dir, databasePath, databaseUrl, server };
}
