import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeParticipation, unionLength, type AttendanceRow } from '../../server/src/reports/participation';

/** Brute force: the whole seconds covered by at least one interval (integer bounds). */
function covered(intervals: Array<[number, number]>): number {
  const seconds = new Set<number>();
  for (const [a, b] of intervals) for (let s = a; s < b; s++) seconds.add(s);
  return seconds.size;
}

describe('participation maths', () => {
  it('measures the union of overlapping stints once', () => {
    expect(unionLength([[0, 60], [30, 90], [120, 150]])).toBe(120);
    expect(unionLength([[10, 10], [20, 5]])).toBe(0);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 })), { maxLength: 12 }), (pairs) => {
        const intervals = pairs.map(([a, b]): [number, number] => [a, b]);
        expect(unionLength(intervals)).toBe(covered(intervals));
      }),
    );
  });

  it('clips to the session, counts a session without usable times as attended, keeps guests apart', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 9, minute)).toISOString();
    const row = (user_id: number | null, joined: number | null, left: number | null, email: string | null = null): AttendanceRow => ({
      session_id: 1,
      user_id,
      name: user_id === null ? 'Ospite' : null,
      email,
      joined_at: joined === null ? null : at(joined),
      left_at: left === null ? null : at(left),
    });
    const report = computeParticipation({
      from: '2026-01-01',
      to: '2026-03-31',
      teams: [{ id: 7, name: 'Alfa', created_at: at(-60) }],
      members: new Map([[7, [{ id: 1, name: 'Anna', surname: 'A', email: 'a@x' }, { id: 2, name: 'Bruno', surname: 'B', email: 'b@x' }]]]),
      teamsOfUser: new Map([[1, [7]], [2, [7]]]),
      // 09:00–10:00, attached to no team (every team).
      sessions: [{ id: 1, name: 'Plenaria', start_time: at(0), end_time: at(60), teamIds: [] }],
      rows: [row(1, -10, 30), row(1, 20, 90), row(2, null, null), row(null, 0, 15, 'g@x'), row(null, 10, 20, 'G@X')],
      experts: new Map(),
    });
    expect(report.data[0].members.map((m) => [m.sessions_attended, m.minutes_attended])).toEqual([
      [1, 60],
      [1, 0],
    ]);
    expect(report.data[0].attendance_rate).toBe(1);
    expect(report.meta.unmatched).toEqual([
      { session_id: 1, session_name: 'Plenaria', session_start: at(0), name: 'Ospite', email: 'g@x', minutes_attended: 20 },
    ]);
  });
});

describe('rates as shown', () => {
  it('a rate of nothing measured reads "n.d.", never 0 %', async () => {
    const { formatRate } = await import('../../src/admin/reports/api');
    expect(formatRate(2 / 3)).toBe('66,7%');
    expect(formatRate(0)).toBe('0,0%');
    expect(formatRate(null)).toBe('n.d.');
  });
});
