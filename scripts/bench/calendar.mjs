// Calendar feed: one user's feed of 500 sessions, fetched 100 times over HTTP after a warm-up.
import { runTs } from './server.mjs';
import { printTable } from './table.mjs';

const BUDGET_MS = 100;

export async function calendarFeed() {
  const result = JSON.parse(runTs('scripts/bench/calendar-feed.ts', []).trim().split('\n').pop());
  const round = (ms) => Number(ms.toFixed(1));
  printTable(
    ['sessions', 'events', 'runs', 'p50 ms', 'p99 ms', 'max ms', 'status'],
    [[result.sessions, result.events, result.runs, round(result.p50), round(result.p99), round(result.max), result.p99 <= BUDGET_MS ? 'PASS' : 'OVER']],
  );
  console.log(`budget: a feed of ${result.sessions} sessions answers in ≤ ${BUDGET_MS} ms (p99)`);
}
