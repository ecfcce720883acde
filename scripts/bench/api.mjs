// API lists on a large seed (10,000 users, 1,000 teams, 50,000 sessions), beside peers answering
// the same JSON on the same SQLite file (scripts/bench/peers.mjs: the same-work minimal server and
// the Laravel peer). First the answers are compared (DIFFERENT ANSWERS when a peer's JSON differs);
// then each server is loaded one after the other with autocannon (100 connections) on each endpoint,
// in BENCH_API_ROUNDS rounds (default 2) sharing BENCH_DURATION s (each after a 2 s warm-up): in
// order, then in reverse order, and so on. Percorso runs with WORKERS=1 for the comparison (the minimal
// server is one process), then again with WORKERS=2 (Percorso only).
// Goals: ≥ 90 % of the minimal server's req/s and p99 ≤ 1.5 × its p99, on every endpoint.
// Then "search with a new term": ~200 sequential GET /api/users?filter[search]=<term>, each term
// (3–6 characters of a real surname or e-mail) never searched before, so no cache helps: p50 ≤ 5 ms.
import autocannon from 'autocannon';
import { startPeers } from './peers.mjs';
import { runTs, startSectionServer, workersEnv } from './server.mjs';
import { printTable } from './table.mjs';

export const API_ENDPOINTS = ['/api/teams', '/api/users', '/api/users?filter[search]=rossi', '/api/teams?page=20&sort=name'];
const ENDPOINTS = API_ENDPOINTS;
const CONNECTIONS = 100;
const WARM_UP_S = 2;
const DURATION_S = Number(process.env.BENCH_DURATION) || 10;
const MIN_SHARE = 0.9;
const MAX_P99_RATIO = 1.5;
const SEARCH_TERMS = Number(process.env.BENCH_SEARCH_TERMS) || 200;
const SEARCH_P50_MS = 5;

/**
 * Waits until a server has worked off what a load left queued (a slow server, e.g. php-fpm behind
 * nginx, goes on answering the closed connections' requests): one more request answered, then a pause,
 * so that the next server's run does not share the CPU with the previous one.
 */
async function settle(url, headers) {
  await fetch(url, { headers, signal: AbortSignal.timeout(120_000) })
    .then((response) => response.arrayBuffer())
    .catch(() => null);
  await new Promise((done) => setTimeout(done, 1000));
}

async function load(url, headers, duration = DURATION_S) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, headers }); // JIT, statement caches
  await settle(url, headers);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  await settle(url, headers);
  return { rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

const ROUNDS = Math.max(2, Math.round(Number(process.env.BENCH_API_ROUNDS) || 2));

/**
 * Every server on one endpoint, in BENCH_API_ROUNDS rounds (default 2) that share the duration:
 * in order (A B C), then in reverse (C B A), and so on. On a shared machine whose background load
 * drifts during the minutes a section takes, one fixed order would hand the drift to whichever
 * server runs last; the mirrored orders give each server the same share of it, and more rounds
 * outvote a burst that hit one of them. Per server: the median rate of its rounds (the mean, with
 * two), the worst p99 and p50, the errors of all.
 */
async function loadEach(servers, endpoint, headers) {
  const each = Math.max(2, Math.round(DURATION_S / ROUNDS));
  const rounds = Object.fromEntries(servers.map(({ name }) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const { name, url } of order) rounds[name].push(await load(url + endpoint, headers, each));
  }
  return Object.fromEntries(
    Object.entries(rounds).map(([name, runs]) => [
      name,
      {
        rate: median(runs.map((run) => run.rate)),
        p50: Math.max(...runs.map((run) => run.p50)),
        p99: Math.max(...runs.map((run) => run.p99)),
        bad: runs.reduce((sum, run) => sum + run.bad, 0),
      },
    ]),
  );
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)];
}

/** Every server's answer to every endpoint, compared with Percorso's: byte for byte, else as parsed JSON. */
async function compareAnswers(servers, headers) {
  const problems = [];
  for (const endpoint of ENDPOINTS) {
    const answers = [];
    for (const { name, url } of servers) {
      const response = await fetch(url + endpoint, { headers });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${name}: GET ${endpoint} answered ${response.status}: ${text.slice(0, 200)}`);
      answers.push({ name, text });
    }
    const [reference, ...others] = answers;
    for (const other of others) {
      if (other.text === reference.text) continue;
      let same;
      try {
        same = JSON.stringify(JSON.parse(other.text)) === JSON.stringify(JSON.parse(reference.text));
      } catch {
        same = false;
      }
      problems.push(same ? `${other.name}: same JSON, different bytes for ${endpoint}` : `DIFFERENT ANSWERS: ${other.name} and percorso for ${endpoint}`);
    }
  }
  return problems;
}

/** A small seeded random generator: the same terms on every run of the same seed. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` different terms of 3–6 characters cut from real surnames and e-mails, none in `used`. */
async function newTerms(base, headers, count, used) {
  const words = [];
  for (let page = 1; words.length < 2000 && page <= 40; page++) {
    const response = await fetch(`${base}/api/users?per_page=100&sort=id&page=${page}`, { headers });
    if (response.status !== 200) throw new Error(`GET /api/users?page=${page} answered ${response.status}`);
    const { data } = await response.json();
    if (!data.length) break;
    for (const user of data) {
      if (user.surname) words.push(String(user.surname).toLowerCase());
      if (user.email) words.push(String(user.email).toLowerCase().split('@')[0]);
    }
  }
  const next = random(20240611);
  const terms = new Set();
  for (let attempt = 0; terms.size < count && attempt < count * 100; attempt++) {
    const word = words[Math.floor(next() * words.length)];
    const length = 3 + Math.floor(next() * 4);
    if (!word || word.length < length) continue;
    const start = Math.floor(next() * (word.length - length + 1));
    const term = word.slice(start, start + length);
    if (term.trim() !== term || used.has(term)) continue;
    terms.add(term);
  }
  return [...terms];
}

/** One request at a time, each with a term the server has never seen: latencies sorted, matches found. */
async function searchNewTerms(base, headers, terms) {
  const times = [];
  let matched = 0;
  for (const term of terms) {
    const started = performance.now();
    const response = await fetch(`${base}/api/users?filter[search]=${encodeURIComponent(term)}`, { headers });
    const body = await response.json();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`GET /api/users?filter[search]=${term} answered ${response.status}`);
    if (body.meta?.total > 0) matched++;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { runs: times.length, matched, p50: at(0.5), p99: at(0.99), max: times[times.length - 1] };
}

const ms = (value) => Number(value.toFixed(1));
const rate = (value) => Math.round(value);
/** One decimal below 1,000 %: a share of 89.9 % must not read "90 %" beside its OVER. */
const percent = (value) => (value < 10 ? `${(value * 100).toFixed(1)} %` : `${Math.round(value * 100)} %`);

export async function apiLatency() {
  // The first start migrates and seeds the demo data; the bulk generator then grows it.
  let { dir, databasePath, databaseUrl, server } = await startSectionServer('api', {
    sharedDatabaseUrl: process.env.BENCH_DATABASE_URL,
    env: workersEnv(1),
    readyPath: '/healthz',
  });
  const summary = [];
  let peers = { peers: [], notes: [], stop: async () => {} };
  try {
    const seeded = JSON.parse(runTs('scripts/bench/seed-large.ts', ['--database', databaseUrl, '--token-for', 'admin@example.com']).trim().split('\n').pop());
    const sqlite = databaseUrl.startsWith('sqlite:');
    console.log(`database: ${sqlite ? 'SQLite' : 'PostgreSQL'}, ${seeded.users} users, ${seeded.teams} teams, ${seeded.sessions} sessions`);
    const headers = { authorization: `Bearer ${seeded.token}`, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

    peers = await startPeers({ databasePath: sqlite ? databasePath : null, dir });
    for (const note of peers.notes) console.log(note);
    const servers = [{ name: 'percorso', url: `http://127.0.0.1:${server.port}` }, ...peers.peers];
    const problems = await compareAnswers(servers, headers);
    for (const problem of problems) console.log(problem);
    if (!problems.length && peers.peers.length) console.log(`identical answers from ${servers.map((s) => s.name).join(', ')} on ${ENDPOINTS.length} endpoints`);
    const different = (endpoint) => problems.some((problem) => problem.startsWith('DIFFERENT') && problem.endsWith(` ${endpoint}`));

    // Percorso with one process beside the peers, one server at a time on each endpoint.
    const results = new Map();
    for (const endpoint of ENDPOINTS) results.set(endpoint, await loadEach(servers, endpoint, headers));
    const minimal = peers.peers.some((peer) => peer.name === 'minimal') ? 'minimal' : null;
    const others = peers.peers.map((peer) => peer.name);
    const rows = [];
    for (const endpoint of ENDPOINTS) {
      const r = results.get(endpoint);
      const app = r.percorso;
      for (const name of others) if (r[name].bad) console.log(`${name}: ${r[name].bad} non-2xx/errors/timeouts on ${endpoint}`);
      const share = minimal ? app.rate / r[minimal].rate : null;
      const p99Ratio = minimal ? app.p99 / Math.max(r[minimal].p99, 1) : null;
      const pass = minimal ? share >= MIN_SHARE && p99Ratio <= MAX_P99_RATIO && app.bad === 0 && !different(endpoint) : null;
      rows.push([
        endpoint,
        rate(app.rate),
        app.p99,
        ...others.flatMap((name) => (r[name].rate > 0 ? [rate(r[name].rate), r[name].p99] : ['no answer', '-'])),
        share === null ? '-' : percent(share),
        p99Ratio === null ? '-' : `${p99Ratio.toFixed(2)}×`,
        app.bad,
        pass === null ? 'no peer' : pass ? 'PASS' : 'OVER',
      ]);
      summary.push({
        what: `API ${endpoint}, 1 worker vs minimal`,
        measured: minimal ? `${percent(share)} req/s (${rate(app.rate)}/${rate(r[minimal].rate)}), p99 ${p99Ratio.toFixed(2)}× (${app.p99}/${r[minimal].p99} ms)${app.bad ? `, ${app.bad} non-2xx` : ''}` : `${rate(app.rate)} req/s, p99 ${app.p99} ms (no peer)`,
        goal: `≥ ${MIN_SHARE * 100} % req/s, p99 ≤ ${MAX_P99_RATIO}×`,
        pass,
      });
    }
    console.log('\nPercorso (WORKERS=1) beside the peers:');
    printTable(
      [
        'endpoint',
        'percorso req/s',
        'p99 ms',
        ...others.flatMap((name) => [`${name} req/s`, 'p99 ms']),
        'percorso / minimal',
        'p99 ratio',
        'non-2xx/errors',
        'status',
      ],
      rows,
    );
    console.log(
      `goal: ≥ ${MIN_SHARE * 100} % of the same-work minimal server's req/s and p99 ≤ ${MAX_P99_RATIO} × its p99, no error; ` +
        `${CONNECTIONS} connections; per server and endpoint ${ROUNDS} runs of ${Math.max(2, Math.round(DURATION_S / ROUNDS))} s (each after a ${WARM_UP_S} s warm-up), ` +
        `one server at a time, in order then in reverse order${ROUNDS > 2 ? ', and so on' : ''}: ${ROUNDS > 2 ? 'median' : 'mean'} req/s, worst p99`,
    );

    // Search with a new term, on this (one-process) server, before anything else has searched.
    const used = new Set(ENDPOINTS.map((endpoint) => new URL(endpoint, 'http://x').searchParams.get('filter[search]')).filter(Boolean));
    const terms = await newTerms(servers[0].url, headers, SEARCH_TERMS, used);
    const search = await searchNewTerms(servers[0].url, headers, terms);
    const searchRows = [['percorso', search.runs, search.matched, ms(search.p50), ms(search.p99), ms(search.max), search.p50 <= SEARCH_P50_MS ? 'PASS' : 'OVER']];
    if (minimal) {
      const reference = await searchNewTerms(peers.peers.find((peer) => peer.name === 'minimal').url, headers, terms);
      searchRows.push(['minimal', reference.runs, reference.matched, ms(reference.p50), ms(reference.p99), ms(reference.max), 'info']);
    }
    console.log('\nSearch with a new term (GET /api/users?filter[search]=<term never searched before>, one request at a time):');
    printTable(['server', 'requests', 'with matches', 'p50 ms', 'p99 ms', 'max ms', 'status'], searchRows);
    console.log(`goal: p50 ≤ ${SEARCH_P50_MS} ms; ${terms.length} different terms of 3–6 characters from the seed's surnames and e-mails, e.g. ${terms.slice(0, 5).join(', ')}`);
    summary.push({
      what: 'search with a new term (users)',
      measured: `p50 ${ms(search.p50)} ms, p99 ${ms(search.p99)} ms`,
      goal: `p50 ≤ ${SEARCH_P50_MS} ms`,
      pass: search.p50 <= SEARCH_P50_MS,
    });

    // The same endpoints with two server processes behind the one port (node:cluster).
    await server.stop();
    server = null;
    ({ server } = await startSectionServer('api', { sharedDatabaseUrl: databaseUrl, env: workersEnv(2), readyPath: '/healthz' }));
    const twoRows = [];
    for (const endpoint of ENDPOINTS) {
      const two = await load(`http://127.0.0.1:${server.port}${endpoint}`, headers);
      const one = results.get(endpoint).percorso;
      const reference = minimal ? results.get(endpoint)[minimal] : null;
      twoRows.push([endpoint, rate(two.rate), two.p50, two.p99, percent(two.rate / one.rate), reference ? percent(two.rate / reference.rate) : '-', two.bad]);
      summary.push({
        what: `API ${endpoint}, 2 workers`,
        measured: `${rate(two.rate)} req/s, p99 ${two.p99} ms${reference ? ` (${percent(two.rate / reference.rate)} of minimal)` : ''}${two.bad ? `, ${two.bad} non-2xx` : ''}`,
        goal: 'reported (1 and 2 workers)',
        pass: two.bad === 0 ? null : false,
      });
    }
    console.log('\nPercorso with WORKERS=2 (two processes behind one port):');
    printTable(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'vs 1 worker', 'vs minimal (1 process)', 'non-2xx/errors'], twoRows);
    return summary;
  } finally {
    await peers.stop();
    await server?.stop();
  }
}
