#!/usr/bin/env node
// `npm run bench [-- <section>…] [--build] [--verbose]`: measures the app's performance budgets and prints
// them. Benchmarks only report: they never fail the build and are not part of `npm test`.
//   bundle  JS each route loads before first render (brotli) against the 110 KiB budget
//   lighthouse  Lighthouse mobile performance score of portal (≥ 95) and back-office (≥ 85) pages
//   api     list endpoints on a large seed: p99 and throughput vs a bare node:http server
//   sync    lesson progress sync under load (5,000 learners every 3 s)
//   reports participation and learning reports and their xlsx on the large seed (≤ 500 ms, ≤ 2 s)
//   calendar  one user's calendar feed of 500 sessions (≤ 100 ms)
// Environment: BENCH_PORT (first port to use; default: free ports), BENCH_DURATION (seconds per
// load run, default 10), BENCH_DATABASE_URL (api/sync on PostgreSQL instead of a fresh SQLite file).
import { apiLatency } from './bench/api.mjs';
import { bundleBudget } from './bench/bundle.mjs';
import { lighthouseScores } from './bench/lighthouse.mjs';
import { progressSync } from './bench/sync.mjs';
import { reportTimings } from './bench/reports.mjs';
import { calendarFeed } from './bench/calendar.mjs';

const sections = {
  bundle: { title: 'Bundle budget: JavaScript before first render (brotli)', run: bundleBudget },
  lighthouse: { title: 'Lighthouse mobile performance', run: lighthouseScores },
  api: { title: 'API latency and throughput on a large seed', run: apiLatency },
  sync: { title: 'Lesson progress sync under load', run: progressSync },
  reports: { title: 'Programme reports on the large seed', run: reportTimings },
  calendar: { title: 'Calendar feed of 500 sessions', run: calendarFeed },
};

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = requested.filter((name) => !(name in sections));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}

for (const name of requested.length ? requested : Object.keys(sections)) {
  const { title, run } = sections[name];
  console.log(`\n=== ${name}: ${title} ===`);
  const started = Date.now();
  try {
    await run();
  } catch (error) {
    // One broken section must not hide the others' numbers.
    console.log(`${name}: not measured — ${error instanceof Error ? error.message : error}`);
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
