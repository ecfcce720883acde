#!/usr/bin/env node
// `npm run bench [-- <section>…] [--build] [--verbose]`: measures the performance goals and prints
// them. Benchmarks only report: they never fail the build and are not part of `npm test`.
//   bundle  JS each route loads before first render (brotli): ≤ 120 KiB on every portal route
//   lighthouse  Lighthouse mobile performance: ≥ 95 on every portal route incl. the lesson player, ≥ 85 on /admin;
//           no main-thread task over 50 ms on a portal page (with the page's own work in the same load)
//   api     list endpoints on a large seed, Percorso (WORKERS=1) beside the same-work minimal server
//           and the Laravel peer (BENCH_PEERS, else ../shared/peers): identical answers, then req/s and
//           p99 with ≥ 90 % of the minimal server's req/s and p99 ≤ 1.5 × its p99; the same with
//           WORKERS=2; search with a new term (sequential, never-searched terms): p50 ≤ 5 ms
//   sync    lesson progress sync, 5,000 and 10,000 learners every 3 s: the full rate, p99 ≤ 50 ms
//   reports participation and learning reports and their xlsx on the large seed (≤ 500 ms, ≤ 2 s)
//   calendar  one user's calendar feed of 500 sessions (p99 ≤ 100 ms)
//   scale   the large seed and one ten times larger in one run, on SQLite and (BENCH_DATABASE_URL)
//           PostgreSQL: list p99 within 1.5×, new-term search p50 ≤ 10 ms, a team's reports and a
//           person's feed within 2×, the programme's quarterly participation report ≤ 3 s
// Each section prints its detailed table; at the end one summary table "what | measured | goal |
// status" has a row per goal (per route, endpoint, learner count), "not measured" for a section
// that was not run or failed.
// Environment: BENCH_PORT (first port to use; default: free ports), BENCH_DURATION (seconds per
// load run, default 10), BENCH_DATABASE_URL (api/sync/reports on PostgreSQL instead of a fresh SQLite
// file), BENCH_PEERS (name=url,… of running peers), BENCH_API_ROUNDS (default 4), BENCH_SEARCH_TERMS (default 200),
// BENCH_LEARNERS (default 5000,10000), BENCH_REPORT_RUNS, LIGHTHOUSE_RUNS, LIGHTHOUSE_CPU_SLOWDOWN.
import { API_ENDPOINTS, apiLatency } from './bench/api.mjs';
import { bundleBudget } from './bench/bundle.mjs';
import { lighthouseScores } from './bench/lighthouse.mjs';
import { progressSync } from './bench/sync.mjs';
import { reportTimings } from './bench/reports.mjs';
import { calendarFeed } from './bench/calendar.mjs';
import { scaleRows } from './bench/scale.mjs';
import { printTable } from './bench/table.mjs';

// Each section prints its own detailed table and returns its rows for the summary:
// [{ what, measured, goal, pass }] (pass: true, false, or null for a row that is only reported).
// `expected` names the summary rows a section stands for when it was not run or failed.
const sections = {
  bundle: {
    title: 'Bundle budget: JavaScript before first render (brotli)',
    run: bundleBudget,
    expected: [{ what: 'JS before first render, every portal route', goal: '≤ 120 KiB brotli' }],
  },
  lighthouse: {
    title: 'Lighthouse mobile performance',
    run: lighthouseScores,
    expected: [
      { what: 'Lighthouse mobile performance, every portal route', goal: '≥ 95' },
      { what: 'Lighthouse mobile performance, /admin', goal: '≥ 85' },
    ],
  },
  api: {
    title: 'API lists on a large seed beside the peers; search with a new term',
    run: apiLatency,
    expected: [
      ...API_ENDPOINTS.map((endpoint) => ({
        what: `API ${endpoint}, 1 worker vs minimal`,
        goal: '≥ 90 % req/s, p99 ≤ 1.5×',
      })),
      ...API_ENDPOINTS.map((endpoint) => ({ what: `API ${endpoint}, 2 workers`, goal: 'reported (1 and 2 workers)' })),
      { what: 'search with a new term (users)', goal: 'p50 ≤ 5 ms' },
    ],
  },
  sync: {
    title: 'Lesson progress sync under load',
    run: progressSync,
    expected: [
      { what: 'lesson sync, 5,000 learners every 3 s', goal: 'full rate, p99 ≤ 50 ms' },
      { what: 'lesson sync, 10,000 learners every 3 s', goal: 'full rate, p99 ≤ 50 ms' },
    ],
  },
  reports: {
    title: 'Programme reports on the large seed',
    run: reportTimings,
    expected: [
      { what: 'reports on the large seed', goal: '≤ 500 ms each' },
      { what: 'report spreadsheets on the large seed', goal: '≤ 2 s each' },
    ],
  },
  calendar: {
    title: 'Calendar feed of 500 sessions',
    run: calendarFeed,
    expected: [{ what: 'calendar feed of 500 sessions', goal: 'p99 ≤ 100 ms' }],
  },
  scale: {
    title: 'Ten times the data: the large seed and one ten times larger',
    run: scaleRows,
    expected: [
      { what: "every list endpoint's p99, 10× vs 1×", goal: '≤ 1.5×' },
      { what: 'first page of a search with a new term, 10×', goal: 'p50 ≤ 10 ms' },
      { what: "a team's reports and a member's calendar feed, 10× vs 1×", goal: '≤ 2×' },
      { what: 'participation report, quarter, whole programme, 10×', goal: '≤ 3000 ms' },
    ],
  },
};

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = requested.filter((name) => !(name in sections));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}

const measured = new Map();
for (const name of requested.length ? requested : Object.keys(sections)) {
  const { title, run } = sections[name];
  console.log(`\n=== ${name}: ${title} ===`);
  const started = Date.now();
  try {
    const rows = await run();
    if (Array.isArray(rows) && rows.length) measured.set(name, rows);
  } catch (error) {
    // One broken section must not hide the others' numbers.
    console.log(`${name}: not measured — ${error instanceof Error ? error.message : error}`);
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

// The summary: every row of the performance goals, measured or not.
const status = (pass) => (pass === true ? 'PASS' : pass === false ? 'OVER' : 'info');
const summary = Object.entries(sections).flatMap(([name, section]) =>
  measured.has(name)
    ? measured.get(name).map((row) => [row.what, row.measured, row.goal, status(row.pass)])
    : section.expected.map((row) => [row.what, 'not measured', row.goal, '-']),
);
console.log('\n=== summary ===');
printTable(['what', 'measured', 'goal', 'status'], summary);
const over = summary.filter((row) => row[3] === 'OVER').length;
const missing = summary.filter((row) => row[3] === '-').length;
console.log(
  `${summary.length} rows: ${summary.filter((row) => row[3] === 'PASS').length} PASS, ${over} OVER, ${missing} not measured`,
);
