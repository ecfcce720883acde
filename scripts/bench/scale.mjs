// Ten times the data: the large seed (10,000 users, 1,000 teams, 50,000 sessions) and one ten times
// larger (100,000 users, 10,000 teams, 500,000 sessions, attendances and lesson progress in
// proportion), measured in one run on SQLite and, with BENCH_DATABASE_URL, on PostgreSQL (each size
// in a schema of its own). Goals, on the larger seed:
// - every list endpoint's p99 within 1.5 × its p99 on the smaller (indexes, not luck);
// - the first page of a search with a term never searched before: p50 ≤ 10 ms;
// - a team's reports and a person's calendar feed within 2 × of the smaller seed's;
// - the whole programme's quarterly participation report ≤ 3 s.
// Environment: BENCH_SCALE_SIZES (default "1,10": multiples of the large seed), BENCH_SCALE_DURATION
// (seconds of load per endpoint, default 4), BENCH_DATABASE_URL, BENCH_SCALE_KINDS (default
// "sqlite,postgres": the databases measured; PostgreSQL only with BENCH_DATABASE_URL).
import autocannon from 'autocannon';
import pg from 'pg';
import { newTerms, searchNewTerms } from './api.mjs';
import { runTs, startSectionServer } from './server.mjs';
import { printTable } from './table.mjs';

const BASE = { users: 10_000, teams: 1_000, sessions: 50_000, progressUsers: 4_000 };
const SIZES = (process.env.BENCH_SCALE_SIZES || '1,10').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_SCALE_DURATION) || 4;
const CONNECTIONS = 10;
const RUNS = 5;
const LIST_RATIO = 1.5;
const SEARCH_P50_MS = 10;
const TEAM_RATIO = 2;
const QUARTER_MS = 3000;
const SEARCH_TERMS = 100;

/** The list endpoints, as the back-office and the portal ask for them (`{team}`: a team with sessions). */
const LISTS = [
  '/api/users',
  '/api/users?page=20&sort=surname',
  '/api/users?filter[search]=rossi',
  '/api/teams',
  '/api/teams?page=20&sort=name',
  '/api/sessions',
  '/api/sessions?sort=-start_time&page=20',
  '/api/experts',
  '/api/audit-log',
  '/api/teams/{team}/sessions',
  '/api/teams/{team}/users',
  '/api/courses',
  '/api/roles',
];

const ms = (value) => Number(value.toFixed(1));

/**
 * fetch, asked again once when the connection was lost: a keep-alive connection left idle while a
 * seed runs (longer than the server's keep-alive timeout) is closed by the server as the next
 * request goes out ("other side closed"). A failure names the request and its cause.
 */
async function get(url, headers) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers });
    } catch (error) {
      if (attempt < 2) continue;
      throw new Error(`GET ${url}: ${error.message} (${error.cause?.message ?? error.cause ?? 'no cause'})`, {
        cause: error,
      });
    }
  }
}

async function p99Of(url, headers) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad) throw new Error(`GET ${url}: ${bad} non-2xx/errors under load`);
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

/** The median and slowest of RUNS sequential requests after a warm-up. */
async function timedRuns(url, headers) {
  const times = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const response = await get(url, headers);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times[times.length - 1] };
}

/** A fresh schema per size on PostgreSQL (dropped first); a fresh SQLite file otherwise. */
async function databaseFor(base, size) {
  if (!base) return undefined;
  const schema = `bench_scale_${size}x`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.query(`create schema ${schema}`);
  await client.end();
  return `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

function seed(databaseUrl, size, tokenFor) {
  const args = [
    '--database',
    databaseUrl,
    '--users',
    String(BASE.users * size),
    '--teams',
    String(BASE.teams * size),
    '--sessions',
    String(BASE.sessions * size),
    '--progress-users',
    String(BASE.progressUsers * size),
    '--token-for',
    tokenFor,
  ];
  return JSON.parse(runTs('scripts/bench/seed-large.ts', args).trim().split('\n').pop());
}

/** Everything measured on one seed size. */
async function measureSize(kind, size) {
  const started = Date.now();
  const sharedDatabaseUrl = kind === 'postgres' ? await databaseFor(process.env.BENCH_DATABASE_URL, size) : undefined;
  let { databaseUrl, server } = await startSectionServer(`scale-${kind}-${size}x`, {
    sharedDatabaseUrl,
    readyPath: '/healthz',
  });
  try {
    const seeded = seed(databaseUrl, size, 'admin@example.com');
    // Fresh statistics and a fresh server after a bulk load, as after any large import.
    await server.stop();
    ({ server } = await startSectionServer(`scale-${kind}-${size}x`, {
      sharedDatabaseUrl: databaseUrl,
      readyPath: '/healthz',
    }));
    const base = `http://127.0.0.1:${server.port}`;
    const headers = { authorization: `Bearer ${seeded.token}`, accept: 'application/json' };
    const participation = await (await get(`${base}/api/reports/participation`, headers)).json();
    const { from, to } = participation.meta;
    const team = participation.data.find((row) => row.members.length > 0);
    const member = (await (await get(`${base}/api/teams/${team.team_id}/users`, headers)).json()).data[0];
    const memberToken = seed(databaseUrl, size, member.email).token;
    const me = await (
      await get(`${base}/api/user`, { authorization: `Bearer ${memberToken}`, accept: 'application/json' })
    ).json();
    const feedPath = new URL(me.data.calendar_feed_url).pathname;
    const courses = (await (await get(`${base}/api/courses?per_page=100`, headers)).json()).data;

    const lists = {};
    for (const list of LISTS) lists[list] = await p99Of(base + list.replace('{team}', team.team_id), headers);
    const terms = await newTerms(base, headers, SEARCH_TERMS, new Set(['rossi']));
    const search = await searchNewTerms(base, headers, terms);
    const teamReports = {
      'participation, quarter, one team': await timedRuns(
        `${base}/api/reports/participation?from=${from}&to=${to}&filter[team_id]=${team.team_id}`,
        headers,
      ),
      'learning, one course, one team': await timedRuns(
        `${base}/api/reports/learning?filter[course_id]=${courses[0].id}&filter[team_id]=${team.team_id}`,
        headers,
      ),
      "a member's calendar feed": await timedRuns(base + feedPath, {}),
    };
    const quarter = await timedRuns(`${base}/api/reports/participation?from=${from}&to=${to}`, headers);
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `${kind} ${size}×: ${seeded.users} users, ${seeded.teams} teams, ${seeded.sessions} sessions (seeded and measured in ${seconds} s)`,
    );
    return { seeded, lists, search, teamReports, quarter };
  } finally {
    await server.stop();
  }
}

export async function scaleRows() {
  const asked = (process.env.BENCH_SCALE_KINDS || 'sqlite,postgres').split(',');
  const kinds = asked.filter((kind) => kind === 'sqlite' || (kind === 'postgres' && process.env.BENCH_DATABASE_URL));
  if (asked.includes('postgres') && !process.env.BENCH_DATABASE_URL)
    console.log('PostgreSQL not measured: set BENCH_DATABASE_URL to include it');
  const summary = [];
  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  for (const kind of kinds) {
    const results = {};
    for (const size of [small, large]) results[size] = await measureSize(kind, size);
    const a = results[small];
    const b = results[large];
    const label = `${kind} ${large}× vs ${small}×`;

    const listRows = LISTS.map((list) => {
      const ratio = b.lists[list].p99 / Math.max(a.lists[list].p99, 1);
      return [
        list,
        a.lists[list].p99,
        b.lists[list].p99,
        `${ratio.toFixed(2)}×`,
        ratio <= LIST_RATIO ? 'PASS' : 'OVER',
      ];
    });
    console.log(`\n${kind}: list endpoints, p99 under ${CONNECTIONS} connections (${DURATION_S} s each)`);
    printTable(['endpoint', `p99 ms ${small}×`, `p99 ms ${large}×`, 'ratio', 'status'], listRows);
    const worst = listRows.reduce((w, row) => (parseFloat(row[3]) > parseFloat(w[3]) ? row : w));
    summary.push({
      what: `${label}: every list endpoint's p99`,
      measured: `worst ${worst[3]} (${worst[0]}); ${listRows.filter((r) => r[4] === 'OVER').length} of ${listRows.length} over`,
      goal: `≤ ${LIST_RATIO}×`,
      pass: listRows.every((row) => row[4] === 'PASS'),
    });
    summary.push({
      what: `${kind} ${large}×: first page of a search with a new term`,
      measured: `p50 ${ms(b.search.p50)} ms (p99 ${ms(b.search.p99)}; ${small}×: p50 ${ms(a.search.p50)})`,
      goal: `p50 ≤ ${SEARCH_P50_MS} ms`,
      pass: b.search.p50 <= SEARCH_P50_MS,
    });
    const teamRows = Object.keys(a.teamReports).map((what) => {
      const ratio = b.teamReports[what].median / Math.max(a.teamReports[what].median, 1);
      return [
        what,
        Math.round(a.teamReports[what].median),
        Math.round(b.teamReports[what].median),
        `${ratio.toFixed(2)}×`,
        ratio <= TEAM_RATIO ? 'PASS' : 'OVER',
      ];
    });
    console.log(`\n${kind}: one team's reports and one member's calendar feed (median of ${RUNS})`);
    printTable(['what', `ms ${small}×`, `ms ${large}×`, 'ratio', 'status'], teamRows);
    for (const row of teamRows)
      summary.push({
        what: `${label}: ${row[0]}`,
        measured: `${row[3]} (${row[1]} → ${row[2]} ms)`,
        goal: `≤ ${TEAM_RATIO}×`,
        pass: row[4] === 'PASS',
      });
    summary.push({
      what: `${kind} ${large}×: participation report, quarter, whole programme`,
      measured: `max ${Math.round(b.quarter.max)} ms (median ${Math.round(b.quarter.median)}; ${small}×: ${Math.round(a.quarter.median)})`,
      goal: `≤ ${QUARTER_MS} ms`,
      pass: b.quarter.max <= QUARTER_MS,
    });
  }
  return summary;
}
