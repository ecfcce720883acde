// Programme reports on the large seed (1,000 teams, 50,000 sessions, 10,000 users, their
// attendances and lesson progress): each report for the current quarter within 500 ms, each
// spreadsheet within 2 s. One request at a time; the median of RUNS after a warm-up, and the slowest.
import { runTs, startSectionServer } from './server.mjs';
import { printTable } from './table.mjs';

const RUNS = Number(process.env.BENCH_REPORT_RUNS) || 5;
const REPORT_BUDGET_MS = 500;
const XLSX_BUDGET_MS = 2000;

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${body.toString('utf8').slice(0, 200)}`);
  return { ms, bytes: body.length, body };
}

export async function reportTimings() {
  const { databaseUrl, server } = await startSectionServer('reports', {
    sharedDatabaseUrl: process.env.BENCH_DATABASE_URL,
    readyPath: '/healthz',
  });
  try {
    const seeded = JSON.parse(
      runTs('scripts/bench/seed-large.ts', ['--database', databaseUrl, '--token-for', 'admin@example.com'])
        .trim()
        .split('\n')
        .pop(),
    );
    console.log(
      `database: ${databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'}, ${seeded.users} users, ${seeded.teams} teams, ${seeded.sessions} sessions`,
    );
    const headers = { authorization: `Bearer ${seeded.token}`, accept: 'application/json' };
    const base = `http://127.0.0.1:${server.port}/api`;
    const participation = JSON.parse((await timed(`${base}/reports/participation`, headers)).body.toString('utf8'));
    const team = participation.data.find((t) => t.members.length > 0) ?? participation.data[0];
    const courses = JSON.parse((await timed(`${base}/courses?per_page=100`, headers)).body.toString('utf8')).data;
    if (!courses.length) throw new Error('the seed has no course');
    const course = courses[0].id;
    const { from, to } = participation.meta;
    const endpoints = [
      ['participation, quarter, all teams', `/reports/participation?from=${from}&to=${to}`, REPORT_BUDGET_MS],
      [
        'participation, quarter, one team',
        `/reports/participation?from=${from}&to=${to}&filter[team_id]=${team.team_id}`,
        REPORT_BUDGET_MS,
      ],
      ['participation.xlsx, quarter, all teams', `/reports/participation/excel?from=${from}&to=${to}`, XLSX_BUDGET_MS],
      ['learning, one course, all teams', `/reports/learning?filter[course_id]=${course}`, REPORT_BUDGET_MS],
      [
        'learning, one course, one team',
        `/reports/learning?filter[course_id]=${course}&filter[team_id]=${team.team_id}`,
        REPORT_BUDGET_MS,
      ],
      ['learning.xlsx, one course, all teams', `/reports/learning/excel?filter[course_id]=${course}`, XLSX_BUDGET_MS],
      ['dashboard summary', '/reports/dashboard', REPORT_BUDGET_MS],
    ];
    const rows = [];
    const summary = [];
    for (const [label, path, budget] of endpoints) {
      await timed(base + path, headers); // warm-up: JIT, statement caches
      const times = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const run = await timed(base + path, headers);
        times.push(run.ms);
        bytes = run.bytes;
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      const slowest = times[times.length - 1];
      rows.push([
        label,
        (bytes / 1024).toFixed(1),
        Math.round(median),
        Math.round(slowest),
        budget,
        slowest <= budget ? 'PASS' : 'OVER',
      ]);
      summary.push({
        what: `report: ${label}`,
        measured: `max ${Math.round(slowest)} ms (median ${Math.round(median)})`,
        goal: `≤ ${budget} ms`,
        pass: slowest <= budget,
      });
    }
    printTable(['report', 'KiB', 'median ms', 'max ms', 'budget ms', 'status'], rows);
    console.log(`period ${from} – ${to}; ${RUNS} runs each after one warm-up; status on the slowest run`);
    return summary;
  } finally {
    await server.stop();
  }
}
