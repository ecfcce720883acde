import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root: servers run from here so relative defaults (dist/, assets) resolve. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Ports: global setup uses E2E_BASE_PORT - 1 for the template server, worker N uses E2E_BASE_PORT + N. */
export const basePort = Number(process.env.E2E_BASE_PORT) || 3610;

/** Where the run keeps its databases, storage and logs; set by global setup for the workers. */
export const RUN_DIR_ENV = 'PERCORSO_E2E_RUN_DIR';

export interface ServerOptions {
  port: number;
  databasePath: string;
  storageDir: string;
  logFile: string;
  /** Extra variables, e.g. OIDC settings a spec wants to try. */
  env?: Record<string, string>;
}

export interface RunningServer {
  url: string;
  port: number;
  databasePath: string;
  storageDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Variables of the caller that must not leak into a test server's configuration (DIST_DIR may: it picks the build). */
const inheritedConfig = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATABASE_URL',
  'STORAGE_DIR',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_TOKEN_AUTH_METHOD',
  'OIDC_CLIENT_KEY_FILE',
  'OIDC_TRUST_EMAIL',
  'SIGN_UP',
  'ADMIN_EMAILS',
  'DEV_SIGN_IN',
  'PROVIDER_LABEL',
  'PROVIDER_ACCOUNT_URL',
  'PROVIDER_PRIVACY_URL',
  'AVATAR_HOST',
];

function serverEnv(options: ServerOptions, url: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of inheritedConfig) delete env[key];
  return {
    ...env,
    PORT: String(options.port),
    PUBLIC_URL: url,
    DATABASE_URL: `sqlite:${options.databasePath}`,
    STORAGE_DIR: options.storageDir,
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL || 'warn',
    // Every test signs in for real; the production limit (a few per minute) would throttle the suite.
    AUTH_RATE_LIMIT: '100000',
    API_RATE_LIMIT_PER_USER: '10000000',
    API_RATE_LIMIT_PER_ADDRESS: '10000000',
    ...options.env,
  };
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

async function waitUntilServing(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server on ${url} exited (${child.exitCode ?? child.signalCode}) before serving:\n${tail(logFile)}`,
      );
    }
    let response: Response | undefined;
    try {
      response = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(2000) });
    } catch (error) {
      lastError = (error as Error).message;
    }
    if (response?.ok) return;
    if (response) {
      // The server listens only once it is fully set up: its first answer is final.
      const body = (await response.text()).slice(0, 300);
      child.kill('SIGKILL');
      throw new Error(
        `GET ${url}/ answered ${response.status} instead of the app (is dist/ built?): ${body}\n${tail(logFile)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The server on ${url} did not answer within ${timeoutMs / 1000} s (${lastError}):\n${tail(logFile)}`);
}

/** Starts the real server (server/src/server.ts through tsx) and resolves once GET / answers the app's page. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const url = `http://localhost:${options.port}`;
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: repoRoot,
    env: serverEnv(options, url),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
    log.end();
  };

  try {
    await waitUntilServing(url, child, options.logFile, Number(process.env.E2E_SERVER_TIMEOUT_MS) || 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port: options.port,
    databasePath: options.databasePath,
    storageDir: options.storageDir,
    logFile: options.logFile,
    stop,
  };
}
