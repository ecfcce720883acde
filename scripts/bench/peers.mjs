// The API bench's peers: other servers answering GET /api/teams and GET /api/users with the same
// JSON on the same data, loaded beside Percorso.
//   BENCH_PEERS=name=url,name=url   servers already running (e.g. minimal=http://127.0.0.1:8082)
//   otherwise, when ../shared/peers exists next to the checkout: its same-work minimal server
//   (node:http + better-sqlite3, always) and its Laravel peer (when its start script works), both
//   started here on the bench's SQLite file and stopped at the end.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, repoRoot } from './server.mjs';

export const sharedPeersDir = resolve(repoRoot, '../shared/peers');

/** BENCH_PEERS parsed: [{ name, url }]. */
function peersFromEnv(value) {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      if (at < 1) throw new Error(`BENCH_PEERS: "${entry}" is not name=url`);
      return { name: entry.slice(0, at), url: entry.slice(at + 1).replace(/\/$/, '') };
    });
}

/** Starts `command` in its own process group (so that stopping it stops its children: nginx, php-fpm). */
function startGroup(command, args, { env, logFile }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop };
}

/** Resolves once `url` gives any HTTP answer; false if the process exits or `timeoutMs` passes. */
async function answers(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (response) {
      await response.arrayBuffer().catch(() => null);
      return true;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return false;
}

/**
 * The peers for this run: [{ name, url }] and a stop() for the ones started here. `databasePath` is
 * the SQLite file Percorso serves (null on PostgreSQL: the shared peers read SQLite only).
 */
export async function startPeers({ databasePath, dir }) {
  const notes = [];
  if (process.env.BENCH_PEERS) {
    return { peers: peersFromEnv(process.env.BENCH_PEERS), notes: ['peers from BENCH_PEERS'], stop: async () => {} };
  }
  if (!existsSync(sharedPeersDir)) {
    return {
      peers: [],
      notes: [`no peers: ${sharedPeersDir} does not exist and BENCH_PEERS is not set`],
      stop: async () => {},
    };
  }
  if (!databasePath) {
    return {
      peers: [],
      notes: ['no peers: the shared peers read a SQLite file, and this run uses PostgreSQL (set BENCH_PEERS)'],
      stop: async () => {},
    };
  }
  const started = [];
  const peers = [];
  const stop = async () => {
    for (const peer of started.reverse()) await peer.stop();
  };
  try {
    const minimalPort = await freePort();
    const minimal = startGroup(
      process.execPath,
      [join(sharedPeersDir, 'minimal/server.mjs'), databasePath, String(minimalPort)],
      {
        env: { NODE_PATH: join(repoRoot, 'node_modules') },
        logFile: join(dir, 'minimal.log'),
      },
    );
    started.push(minimal);
    const minimalUrl = `http://127.0.0.1:${minimalPort}`;
    if (!(await answers(`${minimalUrl}/`, minimal.child, 30_000)))
      throw new Error(`the minimal peer did not start (see ${join(dir, 'minimal.log')})`);
    peers.push({ name: 'minimal', url: minimalUrl });

    const startScript = join(sharedPeersDir, 'laravel/start.sh');
    if (existsSync(startScript)) {
      const laravelPort = await freePort();
      const laravel = startGroup('bash', [startScript], {
        env: { PEER_SQLITE: databasePath, PORT: String(laravelPort), WORKERS: '2' }, // php-fpm workers, as compare.sh
        logFile: join(dir, 'laravel.log'),
      });
      started.push(laravel);
      const laravelUrl = `http://127.0.0.1:${laravelPort}`;
      if (await answers(`${laravelUrl}/`, laravel.child, 30_000)) peers.push({ name: 'laravel', url: laravelUrl });
      else {
        await laravel.stop();
        notes.push(
          `laravel peer skipped: its start script did not give a server (see ${join(dir, 'laravel.log')}; install it with ${join(sharedPeersDir, 'laravel/install.sh')})`,
        );
      }
    } else notes.push(`laravel peer skipped: no ${startScript}`);
  } catch (error) {
    await stop();
    throw error;
  }
  notes.unshift(`peers started from ${sharedPeersDir}`);
  return { peers, notes, stop };
}
