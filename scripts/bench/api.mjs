// API latency and throughput on a large seed (10,000 users, 1,000 teams, 50,000 sessions):
// autocannon with 100 connections against the list endpoints, beside a bare node:http server
// answering the very same JSON bodies (the ceiling for this machine).
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, repoRoot, runTs, startSectionServer } from './server.mjs';
import { printTable } from './table.mjs';

const ENDPOINTS = ['/api/teams', '/api/users', '/api/sessions', '/api/sessions?sort=-start_time&filter[search]=pitch'];
const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION) || 10;
const P99_BUDGET_MS = 15;
const THROUGHPUT_SHARE = 0.5;

function load(url, headers, duration) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
}

function startBare(port, bodiesFile) {
  const child = fork(join(repoRoot, 'scripts/bench/bare-server.mjs'), [String(port), bodiesFile], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
}

export async function apiLatency() {
  // The first start migrates and seeds the demo data; the bulk generator then grows it.
  const { dir, databaseUrl, server } = await startSectionServer('api', {
    sharedDatabaseUrl: process.env.BENCH_DATABASE_URL,
  });
  let bare;
  try {
    const seeded = JSON.parse(runTs('scripts/bench/seed-large.ts', ['--database', databaseUrl, '--token-for', 'admin@example.com']).trim().split('\n').pop());
    console.log(`database: ${databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'}, ${seeded.users} users, ${seeded.teams} teams, ${seeded.sessions} sessions`);
    const headers = { authorization: `Bearer ${seeded.token}`, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const appBase = `http://127.0.0.1:${server.port}`;

    const bodies = {};
    for (const endpoint of ENDPOINTS) {
      const response = await fetch(appBase + endpoint, { headers });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`GET ${endpoint} answered ${response.status}: ${text.slice(0, 200)}`);
      bodies[endpoint] = text;
    }
    const bodiesFile = join(dir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const barePort = await freePort();
    bare = await startBare(barePort, bodiesFile);
    const bareBase = `http://127.0.0.1:${barePort}`;

    const rows = [];
    for (const endpoint of ENDPOINTS) {
      await load(appBase + endpoint, headers, 2); // warm-up: JIT, statement caches
      const app = await load(appBase + endpoint, headers, DURATION_S);
      await load(bareBase + endpoint, {}, 2);
      const reference = await load(bareBase + endpoint, {}, DURATION_S);
      const share = app.requests.average / reference.requests.average;
      const failures = app.non2xx + app.errors + app.timeouts;
      rows.push([
        endpoint,
        (Buffer.byteLength(bodies[endpoint]) / 1024).toFixed(1),
        app.latency.p50,
        app.latency.p99,
        Math.round(app.requests.average),
        reference.latency.p99,
        Math.round(reference.requests.average),
        `${Math.round(share * 100)}%`,
        failures,
        app.latency.p99 <= P99_BUDGET_MS && share >= THROUGHPUT_SHARE && failures === 0 ? 'PASS' : 'OVER',
      ]);
    }
    printTable(
      ['endpoint', 'body KiB', 'p50 ms', 'p99 ms', 'req/s', 'bare p99 ms', 'bare req/s', 'vs bare', 'non-2xx/errors', 'status'],
      rows,
    );
    console.log(`budget: p99 ≤ ${P99_BUDGET_MS} ms at ${CONNECTIONS} connections and ≥ ${THROUGHPUT_SHARE * 100}% of the bare server's throughput; ${DURATION_S} s per run`);
  } finally {
    bare?.kill();
    await server.stop();
  }
}
