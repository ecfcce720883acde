import { describe, expect, it } from 'vitest';
import {
  applySync,
  clampRate,
  coveredSeconds,
  DEFAULT_RULES,
  mergeInterval,
  parseWatched,
  type ProgressState,
} from '../../server/src/modules/progress/coverage.js';

const rules = { ...DEFAULT_RULES, threshold: 0.9 };
const T0 = 1_700_000_000_000;

/** Feeds reports `[secondsSinceStart, position, rate?]` in order and returns the final state. */
function play(reports: Array<[number, number, number?]>, videoLength: number | null = 60): ProgressState {
  let state: ProgressState | null = null;
  for (const [at, position, rate] of reports) {
    state = applySync(state, { position, rate, nowMs: T0 + at * 1000, videoLength }, rules);
  }
  return state!;
}

/** A sync every `every` seconds of real time while the video plays at `rate`. */
function steady(from: number, to: number, every = 3, rate = 1): Array<[number, number, number]> {
  const reports: Array<[number, number, number]> = [];
  for (let t = 0; from + t * rate <= to; t += every) reports.push([t, from + t * rate, rate]);
  return reports;
}

describe('mergeInterval', () => {
  it('keeps stretches sorted and joins overlapping or touching ones', () => {
    let list = mergeInterval([], [10, 20]);
    list = mergeInterval(list, [0, 5]);
    list = mergeInterval(list, [30, 40]);
    expect(list).toEqual([
      [0, 5],
      [10, 20],
      [30, 40],
    ]);
    expect(mergeInterval(list, [5, 10])).toEqual([
      [0, 20],
      [30, 40],
    ]);
    expect(mergeInterval(list, [15, 35])).toEqual([
      [0, 5],
      [10, 40],
    ]);
    expect(mergeInterval(list, [-1, 100])).toEqual([[-1, 100]]);
  });

  it('ignores empty or reversed stretches', () => {
    expect(mergeInterval([[0, 5]], [7, 7])).toEqual([[0, 5]]);
    expect(mergeInterval([[0, 5]], [9, 7])).toEqual([[0, 5]]);
  });
});

describe('coveredSeconds', () => {
  it('sums the stretches, clipped to the video length', () => {
    expect(
      coveredSeconds(
        [
          [0, 5],
          [10, 20],
        ],
        null,
      ),
    ).toBe(15);
    expect(
      coveredSeconds(
        [
          [0, 5],
          [10, 20],
        ],
        12,
      ),
    ).toBe(7);
  });
});

describe('applySync', () => {
  it('steady watching with a sync every 3 s completes the lesson', () => {
    const state = play(steady(0, 60));
    expect(state.watched).toEqual([[0, 60]]);
    expect(state.completed).toBe(true);
    expect(state.position).toBe(60);
  });

  it('is not complete before 90 % is covered', () => {
    const state = play(steady(0, 51));
    expect(coveredSeconds(state.watched, 60)).toBe(51);
    expect(state.completed).toBe(false);
    const more = applySync(state, { position: 54, nowMs: T0 + 54_000, videoLength: 60 }, rules);
    expect(more.completed).toBe(true);
  });

  it('a jump to the end does not complete and moves the resume position', () => {
    const state = play([
      [0, 0],
      [3, 3],
      [6, 60],
    ]);
    expect(state.watched).toEqual([[0, 3]]);
    expect(state.position).toBe(60);
    expect(state.completed).toBe(false);
  });

  it('a first sync far into the video only anchors', () => {
    const state = play([[0, 59]]);
    expect(state.watched).toEqual([]);
    expect(state.position).toBe(59);
  });

  it('a first sync a few seconds in counts the start as watched', () => {
    expect(play([[0, 3]]).watched).toEqual([[0, 3]]);
    expect(play([[0, 6]]).watched).toEqual([]);
  });

  it('seeking back adds no coverage, and watching again covers nothing new', () => {
    const state = play([...steady(0, 30), [33, 10], [36, 13], [39, 16]]);
    expect(state.watched).toEqual([[0, 30]]);
    expect(state.position).toBe(16);
  });

  it('rate 2 allows twice the advance, rate 1 does not', () => {
    const fast = play(steady(0, 60, 3, 2));
    expect(fast.watched).toEqual([[0, 60]]);
    expect(fast.completed).toBe(true);
    const claimedSlow = play([
      [0, 0],
      [3, 6],
      [6, 12],
    ]);
    expect(claimedSlow.watched).toEqual([]);
  });

  it('clamps the claimed rate to 2', () => {
    expect(clampRate(16)).toBe(2);
    expect(clampRate(0.01)).toBe(0.25);
    expect(clampRate(undefined)).toBe(1);
    const cheat = play([
      [0, 0],
      [3, 12, 16],
    ]);
    expect(cheat.watched).toEqual([]);
  });

  it('accepts 2 s of jitter per report, but never credits more than the session lasted', () => {
    expect(
      play([
        [0, 0],
        [3, 5],
      ]).watched,
    ).toEqual([[0, 3]]);
    expect(
      play([
        [0, 0],
        [3, 5.5],
      ]).watched,
    ).toEqual([]);
    expect(
      play([
        [0, 0],
        [3, 2],
        [6, 6],
      ]).watched,
    ).toEqual([[0, 6]]);
  });

  it('tolerance is never larger than the elapsed time, so rapid syncs cannot harvest it', () => {
    const reports: Array<[number, number]> = [[0, 0]];
    for (let i = 1; i <= 20; i++) reports.push([i * 0.1, i * 2]);
    const state = play(reports);
    expect(coveredSeconds(state.watched, 60)).toBeLessThan(1);
  });

  it('credits nothing after a pause longer than one stretch, and starts a new session there', () => {
    const state = play(
      [
        [0, 0],
        [600, 30],
      ],
      600,
    );
    expect(state.watched).toEqual([]);
    expect(state.position).toBe(30);
    expect(state.sessionStartMs).toBe(T0 + 600_000);
    expect(state.sessionCredited).toBe(0);
    // A short video cannot be completed by one report after an idle tab.
    const idle = play(
      [
        [0, 0],
        [76, 60],
      ],
      60,
    );
    expect(idle.watched).toEqual([]);
    expect(idle.completed).toBe(false);
  });

  it('keeps crediting reports a throttled background tab sends once a minute', () => {
    const state = play(steady(0, 600, 60), 600);
    expect(state.watched).toEqual([[0, 600]]);
    expect(state.completed).toBe(true);
  });

  it('needs a known length to complete, and completion never reverts', () => {
    const unknown = play(steady(0, 60), null);
    expect(unknown.completed).toBe(false);
    const done = play(steady(0, 60));
    const after = applySync(done, { position: 0, nowMs: T0 + 100_000, videoLength: 60 }, rules);
    expect(after.completed).toBe(true);
    expect(after.position).toBe(0);
  });

  it('clips positions to the known length', () => {
    const state = play(
      [
        [0, 0],
        [3, 3],
        [6, 6],
      ],
      5,
    );
    expect(state.position).toBe(5);
    expect(state.watched).toEqual([[0, 5]]);
    expect(state.completed).toBe(true);
  });

  it('a clock that goes backwards gives no budget', () => {
    const state = play([
      [10, 0],
      [5, 1],
    ]);
    expect(state.watched).toEqual([]);
    expect(state.lastSyncMs).toBe(T0 + 10_000);
  });
});

describe('parseWatched', () => {
  it('reads stored stretches and drops malformed data', () => {
    expect(parseWatched('[[0,3],[3,6],[10,12]]')).toEqual([
      [0, 6],
      [10, 12],
    ]);
    expect(parseWatched('not json')).toEqual([]);
    expect(parseWatched('{"a":1}')).toEqual([]);
    expect(parseWatched('[[0,"x"],[1,2,3],[4,5]]')).toEqual([[4, 5]]);
  });
});
