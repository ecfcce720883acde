// Lesson progress sync under load: 5,000 learners each syncing every 3 s (≈1,667 requests/s) on
// one lesson, on the large seed. Every learner reports the playback position that real time allows
// (seconds since the run started), so the server's anti-skip rule accepts each sync.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { runTs, startSectionServer } from './server.mjs';
import { printTable } from './table.mjs';

const LEARNERS = Number(process.env.BENCH_LEARNERS) || 5000;
const INTERVAL_S = 3;
const DURATION_S = Math.max(Number(process.env.BENCH_DURATION) || 10, 10) * 2;
const P99_BUDGET_MS = 50;

async function firstLesson(base, headers) {
  const get = async (path) => {
    const response = await fetch(base + path, { headers });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()).data;
  };
  for (const course of await get('/api/courses')) {
    for (const module of await get(`/api/courses/${course.id}/modules`)) {
      const lessons = await get(`/api/courses/${course.id}/modules/${module.id}/lessons`);
      if (lessons.length) return `/api/courses/${course.id}/modules/${module.id}/lessons/${lessons[0].id}`;
    }
  }
  throw new Error('the seed has no lesson to sync');
}

export async function progressSync() {
  const { dir, databaseUrl, server } = await startSectionServer('sync', {
    sharedDatabaseUrl: process.env.BENCH_DATABASE_URL,
  });
  try {
    const tokensFile = join(dir, 'tokens.json');
    runTs('scripts/bench/seed-large.ts', ['--database', databaseUrl, '--learners', String(LEARNERS), '--learner-tokens', tokensFile]);
    const tokens = JSON.parse(readFileSync(tokensFile, 'utf8'));
    const common = { accept: 'application/json', 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    const base = `http://127.0.0.1:${server.port}`;
    const lesson = await firstLesson(base, { ...common, authorization: `Bearer ${tokens[0]}` });

    const started = Date.now();
    let next = 0;
    const result = await autocannon({
      url: base,
      connections: 100,
      duration: DURATION_S,
      overallRate: Math.round(LEARNERS / INTERVAL_S),
      requests: [
        {
          method: 'POST',
          path: `${lesson}/sync`,
          setupRequest: (request) => ({
            ...request,
            headers: { ...common, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
            body: JSON.stringify({ duration: Math.floor((Date.now() - started) / 1000) }),
          }),
        },
      ],
    });
    const failures = result.non2xx + result.errors + result.timeouts;
    printTable(
      ['learners', 'target req/s', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx/errors', 'status'],
      [[LEARNERS, Math.round(LEARNERS / INTERVAL_S), Math.round(result.requests.average), result.latency.p50, result.latency.p99, failures, result.latency.p99 <= P99_BUDGET_MS && failures === 0 ? 'PASS' : 'OVER']],
    );
    console.log(`budget: p99 ≤ ${P99_BUDGET_MS} ms; POST ${lesson}/sync for ${DURATION_S} s`);
  } finally {
    await server.stop();
  }
}
