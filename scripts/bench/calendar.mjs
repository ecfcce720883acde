// Calendar feed: one user's feed of 500 sessions over HTTP, the first fetch and 100 after a warm-up.
// The budget is for a quiet machine: other load on the 2 cores shows in p99.
import { runTs } from './server.mjs';
import { printTable } from './table.mjs';

const BUDGET_MS = 100;

export async function calendarFeed() {
  const result = JSON.parse(runTs('scripts/bench/calendar-feed.ts', []).trim().split('\n').pop());
  const round = (ms) => Number(ms.toFixed(1));
  printTable(
    ['sessions', 'events', 'first ms', 'runs', 'p50 ms', 'p99 ms', 'max ms', 'status'],
    [
      [
        result.sessions,
        result.events,
        round(result.first),
        result.runs,
        round(result.p50),
        round(result.p99),
        round(result.max),
        result.p99 <= BUDGET_MS ? 'PASS' : 'OVER',
      ],
    ],
  );
  console.log(`budget: a feed of ${result.sessions} sessions answers in ≤ ${BUDGET_MS} ms (p99)`);
  return [
    {
      what: `calendar feed of ${result.sessions} sessions`,
      measured: `p99 ${round(result.p99)} ms (p50 ${round(result.p50)})`,
      goal: `p99 ≤ ${BUDGET_MS} ms`,
      pass: result.p99 <= BUDGET_MS,
    },
  ];
}
