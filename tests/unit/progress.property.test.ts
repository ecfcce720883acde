import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applySync,
  coveredSeconds,
  DEFAULT_RULES,
  MAX_RATE,
  type ProgressState,
} from '../../server/src/modules/progress/coverage.js';

/**
 * Properties of the lesson progress rules: whatever a client sends, the coverage it earns is bounded
 * by real elapsed time; an honest player completes at every speed, with pauses and throttled tabs.
 */
const rules = { ...DEFAULT_RULES, threshold: 0.9 };
const T0 = 1_700_000_000_000;

interface Report {
  atMs: number;
  position: number;
  rate?: number;
}

function run(reports: Report[], videoLength: number): ProgressState | null {
  let state: ProgressState | null = null;
  for (const { atMs, position, rate } of reports)
    state = applySync(state, { position, rate, nowMs: T0 + atMs, videoLength }, rules);
  return state;
}

/** Any sequence of reports: arbitrary gaps (also backwards), positions, rates. */
const anyReports = fc.array(
  fc.record({
    gapMs: fc.integer({ min: -5_000, max: 200_000 }),
    position: fc.double({ min: -10, max: 5_000, noNaN: true }),
    rate: fc.option(fc.double({ min: 0, max: 16, noNaN: true }), { nil: undefined }),
  }),
  { minLength: 1, maxLength: 60 },
);

function toTimeline(steps: Array<{ gapMs: number; position: number; rate?: number }>): Report[] {
  let at = 0;
  return steps.map(({ gapMs, position, rate }) => {
    at += gapMs;
    return { atMs: at, position, rate };
  });
}

describe('progress rules (properties)', () => {
  it('no sequence of reports credits more than the real elapsed time allows', () => {
    fc.assert(
      fc.property(anyReports, fc.integer({ min: 10, max: 4_000 }), (steps, videoLength) => {
        const reports = toTimeline(steps);
        const state = run(reports, videoLength)!;
        // The server's clock never runs backwards, so the span is from the first report to the latest.
        const first = reports[0].atMs;
        const latest = Math.max(...reports.map((r) => r.atMs));
        const allowed = rules.startGraceSeconds + ((latest - first) / 1000) * MAX_RATE;
        expect(coveredSeconds(state.watched, videoLength)).toBeLessThanOrEqual(allowed + 1e-6);
      }),
      { numRuns: 500 },
    );
  });

  it('at one constant rate, a playback session is credited at most its wall-clock time × the rate', () => {
    fc.assert(
      fc.property(anyReports, fc.constantFrom(0.5, 1, 1.5, 2), (steps, rate) => {
        const reports = toTimeline(steps).map((r) => ({ ...r, rate }));
        let state: ProgressState | null = null;
        for (const r of reports) {
          state = applySync(state, { position: r.position, rate, nowMs: T0 + r.atMs, videoLength: 5_000 }, rules);
          const sessionSeconds = (state.lastSyncMs - state.sessionStartMs) / 1000;
          // Progress is kept to the millisecond: a credit rounds up by at most half of one, and the
          // next step's budget counts the rounded total, so the half never adds up.
          expect(state.sessionCredited).toBeLessThanOrEqual(sessionSeconds * rate + 0.0005 + 1e-6);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('honest playback completes at 1× to 2×, with pauses and background-tab throttling', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 3_600 }),
        fc.constantFrom(1, 1.25, 1.5, 2),
        // Seconds between reports while playing: 3 in a visible tab, up to a minute when throttled.
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 20 }),
        // Pauses: at which report index, and for how long.
        fc.array(
          fc.record({ after: fc.integer({ min: 0, max: 2_000 }), seconds: fc.integer({ min: 1, max: 7_200 }) }),
          { maxLength: 5 },
        ),
        (videoLength, rate, intervals, pauses) => {
          const reports: Report[] = [];
          let at = 0;
          let position = 0;
          let index = 0;
          // The player reports when playback starts, every interval while playing, and where it stops.
          reports.push({ atMs: at, position, rate });
          while (position < videoLength) {
            const every = intervals[index % intervals.length];
            const step = Math.min(every * rate, videoLength - position);
            at += (step / rate) * 1000;
            position += step;
            reports.push({ atMs: at, position, rate });
            const pause = pauses.find((p) => p.after === index);
            if (pause && position < videoLength) {
              at += pause.seconds * 1000;
              reports.push({ atMs: at, position, rate });
            }
            index++;
          }
          const state = run(reports, videoLength)!;
          expect(state.completed).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
