// API lists on a large seed (10,000 users, 1,000 teams, 50,000 sessions), beside peers answering
// the same JSON on the same SQLite file (scripts/bench/peers.mjs: the same-work minimal server and
// the Laravel peer). First the answers are compared (DIFFERENT ANSWERS when a peer's JSON differs);
// then every server is warmed up on every endpoint, and each endpoint is loaded with autocannon
// (100 connections), one server at a time, in BENCH_API_ROUNDS short rounds (default 4) sharing
// BENCH_DURATION s per server (default 10): in order, then in reverse order, and so on. Percorso's
// share of the minimal server is the median of the rounds' own ratios (each round's two runs are
// seconds apart, so a change in the machine's speed weighs on both). Percorso runs with WORKERS=1
// for the comparison (the minimal server is one process), then again with WORKERS=2 (Percorso only).
// Goals: ≥ 90 % of the minimal server's req/s and p99 ≤ 1.5 × its p99, on every endpoint.
// Then "search with a new term": ~200 sequential GET /api/users?filter[search]=<term>, each term
// (3–6 characters of a real surname or e-mail) never searched before, so no cache helps: p50 ≤ 5 ms.
import autocannon from 'autocannon';
import { startPeers } from './peers.mjs';
import { runTs, startSectionServer, workersEnv } from './server.mjs';
import { printTable } from './table.mjs';

export const API_ENDPOINTS = [
  '/api/teams',
  '/api/users',
  '/api/users?filter[search]=rossi',
  '/api/teams?page=20&sort=name',
];
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
async function settle(url, headers, pauseMs = 1000) {
  await fetch(url, { headers, signal: AbortSignal.timeout(120_000) })
    .then((response) => response.arrayBuffer())
    .catch(() => null);
  await new Promise((done) => setTimeout(done, pauseMs));
}

/** One measured run (no warm-up of its own): rate, latencies and failures. */
async function run(url, headers, duration) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  await settle(url, headers, 250);
  // The answers over the run's own length: autocannon's average of per-second counts takes a
  // partial last second for a whole one.
  const rate = result.requests.total / Math.max(result.duration, 0.001);
  return {
    rate,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** A warm-up run, then a measured one (the WORKERS=2 section, which has no peer to alternate with). */
async function load(url, headers, duration = DURATION_S) {
  await warmUp(url, headers);
  return run(url, headers, duration);
}

/** JIT, statement caches, the first connections: no server is measured on its very first load. */
async function warmUp(url, headers) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, headers });
  await settle(url, headers);
}

const ROUNDS = Math.max(2, Math.round(Number(process.env.BENCH_API_ROUNDS) || 4));
/**
 * Whole seconds, at least 2: autocannon's 100 connections all open at the start of a run, and the
 * first answers of some of them can take a second or more, on the minimal server as on Percorso; in
 * a shorter run those few are a whole percent of the answers, and the p99 would measure them.
 */
const ROUND_S = Math.max(2, Math.round(DURATION_S / ROUNDS));

/**
 * Every server on one endpoint, in BENCH_API_ROUNDS short rounds (default 4) that share the
 * duration: in order (A B C), then in reverse (C B A), and so on. This machine's speed drifts and
 * jumps (the same server's rate can halve from one 5 s run to the next), so the runs are short and
 * several, and each server is compared with the minimal server within a round: the share is the
 * median of the rounds' ratios, which a burst during a few rounds cannot move. Per server: the
 * median rate and the median p99 of its rounds, the worst p99 too, the errors of all.
 */
async function loadEach(servers, endpoint, headers) {
  const rounds = Object.fromEntries(servers.map(({ name }) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const { name, url } of order) rounds[name].push(await run(url + endpoint, headers, ROUND_S));
  }
  const reference = rounds.minimal;
  return Object.fromEntries(
    Object.entries(rounds).map(([name, runs]) => [
      name,
      {
        rate: median(runs.map((r) => r.rate)),
        share: reference ? median(runs.map((r, i) => r.rate / Math.max(reference[i].rate, 1))) : null,
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        worstP99: Math.max(...runs.map((r) => r.p99)),
        bad: runs.reduce((sum, r) => sum + r.bad, 0),
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
      if (response.status !== 200)
        throw new Error(`${name}: GET ${endpoint} answered ${response.status}: ${text.slice(0, 200)}`);
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
      problems.push(
        same
          ? `${other.name}: same JSON, different bytes for ${endpoint}`
          : `DIFFERENT ANSWERS: ${other.name} and percorso for ${endpoint}`,
      );
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
export async function newTerms(base, headers, count, used) {
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
export async function searchNewTerms(base, headers, terms) {
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
    const seeded = JSON.parse(
      runTs('scripts/bench/seed-large.ts', ['--database', databaseUrl, '--token-for', 'admin@example.com'])
        .trim()
        .split('\n')
        .pop(),
    );
    const sqlite = databaseUrl.startsWith('sqlite:');
    console.log(
      `database: ${sqlite ? 'SQLite' : 'PostgreSQL'}, ${seeded.users} users, ${seeded.teams} teams, ${seeded.sessions} sessions`,
    );
    const headers = {
      authorization: `Bearer ${seeded.token}`,
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    };

    peers = await startPeers({ databasePath: sqlite ? databasePath : null, dir });
    for (const note of peers.notes) console.log(note);
    const servers = [{ name: 'percorso', url: `http://127.0.0.1:${server.port}` }, ...peers.peers];
    const problems = await compareAnswers(servers, headers);
    for (const problem of problems) console.log(problem);
    if (!problems.length && peers.peers.length)
      console.log(`identical answers from ${servers.map((s) => s.name).join(', ')} on ${ENDPOINTS.length} endpoints`);
    const different = (endpoint) =>
      problems.some((problem) => problem.startsWith('DIFFERENT') && problem.endsWith(` ${endpoint}`));

    // Percorso with one process beside the peers, one server at a time on each endpoint, every
    // server warmed up on every endpoint first.
    for (const endpoint of ENDPOINTS) for (const { url } of servers) await warmUp(url + endpoint, headers);
    const results = new Map();
    for (const endpoint of ENDPOINTS) results.set(endpoint, await loadEach(servers, endpoint, headers));
    const minimal = peers.peers.some((peer) => peer.name === 'minimal') ? 'minimal' : null;
    const others = peers.peers.map((peer) => peer.name);
    const rows = [];
    for (const endpoint of ENDPOINTS) {
      const r = results.get(endpoint);
      const app = r.percorso;
      for (const name of others)
        if (r[name].bad) console.log(`${name}: ${r[name].bad} non-2xx/errors/timeouts on ${endpoint}`);
      const share = minimal ? app.share : null;
      const p99Ratio = minimal ? app.p99 / Math.max(r[minimal].p99, 1) : null;
      const pass = minimal
        ? share >= MIN_SHARE && p99Ratio <= MAX_P99_RATIO && app.bad === 0 && !different(endpoint)
        : null;
      rows.push([
        endpoint,
        rate(app.rate),
        ms(app.p99),
        app.worstP99,
        ...others.flatMap((name) =>
          r[name].rate > 0 ? [rate(r[name].rate), ms(r[name].p99), r[name].worstP99] : ['no answer', '-', '-'],
        ),
        share === null ? '-' : percent(share),
        p99Ratio === null ? '-' : `${p99Ratio.toFixed(2)}×`,
        app.bad,
        pass === null ? 'no peer' : pass ? 'PASS' : 'OVER',
      ]);
      summary.push({
        what: `API ${endpoint}, 1 worker vs minimal`,
        measured: minimal
          ? `${percent(share)} req/s (${rate(app.rate)}/${rate(r[minimal].rate)}), p99 ${p99Ratio.toFixed(2)}× (${ms(app.p99)}/${ms(r[minimal].p99)} ms)${app.bad ? `, ${app.bad} non-2xx` : ''}`
          : `${rate(app.rate)} req/s, p99 ${ms(app.p99)} ms (no peer)`,
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
        'worst',
        ...others.flatMap((name) => [`${name} req/s`, 'p99 ms', 'worst']),
        'percorso / minimal',
        'p99 ratio',
        'non-2xx/errors',
        'status',
      ],
      rows,
    );
    console.log(
      `goal: ≥ ${MIN_SHARE * 100} % of the same-work minimal server's req/s and p99 ≤ ${MAX_P99_RATIO} × its p99, no error; ` +
        `${CONNECTIONS} connections; every server warmed up on every endpoint (${WARM_UP_S} s each), then per server and endpoint ${ROUNDS} runs of ${ms(ROUND_S)} s, ` +
        `one server at a time, in order then in reverse order, and so on: median req/s and p99 of the runs (worst p99 beside it); ` +
        `percorso / minimal is the median of the rounds' own ratios`,
    );

    // Search with a new term, on this (one-process) server, before anything else has searched.
    const used = new Set(
      ENDPOINTS.map((endpoint) => new URL(endpoint, 'http://x').searchParams.get('filter[search]')).filter(Boolean),
    );
    const terms = await newTerms(servers[0].url, headers, SEARCH_TERMS, used);
    const search = await searchNewTerms(servers[0].url, headers, terms);
    const searchRows = [
      [
        'percorso',
        search.runs,
        search.matched,
        ms(search.p50),
        ms(search.p99),
        ms(search.max),
        search.p50 <= SEARCH_P50_MS ? 'PASS' : 'OVER',
      ],
    ];
    if (minimal) {
      const reference = await searchNewTerms(peers.peers.find((peer) => peer.name === 'minimal').url, headers, terms);
      searchRows.push([
        'minimal',
        reference.runs,
        reference.matched,
        ms(reference.p50),
        ms(reference.p99),
        ms(reference.max),
        'info',
      ]);
    }
    console.log(
      '\nSearch with a new term (GET /api/users?filter[search]=<term never searched before>, one request at a time):',
    );
    printTable(['server', 'requests', 'with matches', 'p50 ms', 'p99 ms', 'max ms', 'status'], searchRows);
    console.log(
      `goal: p50 ≤ ${SEARCH_P50_MS} ms; ${terms.length} different terms of 3–6 characters from the seed's surnames and e-mails, e.g. ${terms.slice(0, 5).join(', ')}`,
    );
    summary.push({
      what: 'search with a new term (users)',
      measured: `p50 ${ms(search.p50)} ms, p99 ${ms(search.p99)} ms`,
      goal: `p50 ≤ ${SEARCH_P50_MS} ms`,
      pass: search.p50 <= SEARCH_P50_MS,
    });

    // The same endpoints with two server processes behind the one port (node:cluster).
    await server.stop();
    server = null;
    ({ server } = await startSectionServer('api', {
      sharedDatabaseUrl: databaseUrl,
      env: workersEnv(2),
      readyPath: '/healthz',
    }));
    const twoRows = [];
    for (const endpoint of ENDPOINTS) {
      const two = await load(`http://127.0.0.1:${server.port}${endpoint}`, headers);
      const one = results.get(endpoint).percorso;
      const reference = minimal ? results.get(endpoint)[minimal] : null;
      twoRows.push([
        endpoint,
        rate(two.rate),
        two.p50,
        two.p99,
        percent(two.rate / one.rate),
        reference ? percent(two.rate / reference.rate) : '-',
        two.bad,
      ]);
      summary.push({
        what: `API ${endpoint}, 2 workers`,
        measured: `${rate(two.rate)} req/s, p99 ${two.p99} ms${reference ? ` (${percent(two.rate / reference.rate)} of minimal)` : ''}${two.bad ? `, ${two.bad} non-2xx` : ''}`,
        goal: 'reported (1 and 2 workers)',
        pass: two.bad === 0 ? null : false,
      });
    }
    console.log('\nPercorso with WORKERS=2 (two processes behind one port):');
    printTable(
      ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'vs 1 worker', 'vs minimal (1 process)', 'non-2xx/errors'],
      twoRows,
    );
    return summary;
  } finally {
    await peers.stop();
    await server?.stop();
  }
}
