import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeParticipation,
  instantMs,
  unionLength,
  type AttendanceRow,
} from '../../server/src/modules/reports/participation';

/** Brute force: the whole seconds covered by at least one interval (integer bounds). */
function covered(intervals: Array<[number, number]>): number {
  const seconds = new Set<number>();
  for (const [a, b] of intervals) for (let s = a; s < b; s++) seconds.add(s);
  return seconds.size;
}

describe('participation maths', () => {
  it('measures the union of overlapping stints once', () => {
    expect(
      unionLength([
        [0, 60],
        [30, 90],
        [120, 150],
      ]),
    ).toBe(120);
    expect(
      unionLength([
        [10, 10],
        [20, 5],
      ]),
    ).toBe(0);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 })), { maxLength: 12 }),
        (pairs) => {
          const intervals = pairs.map(([a, b]): [number, number] => [a, b]);
          expect(unionLength(intervals)).toBe(covered(intervals));
        },
      ),
    );
  });

  it('clips to the session, counts a session without usable times as attended, keeps guests apart', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 9, minute)).toISOString();
    const row = (
      user_id: number | null,
      joined: number | null,
      left: number | null,
      email: string | null = null,
    ): AttendanceRow => ({
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
      members: new Map([
        [
          7,
          [
            { id: 1, name: 'Anna', surname: 'A', email: 'a@x', joined_at: at(-60), left_at: null },
            { id: 2, name: 'Bruno', surname: 'B', email: 'b@x', joined_at: at(-60), left_at: null },
          ],
        ],
      ]),
      teamsOfUser: new Map([
        [1, [{ team_id: 7, joined_at: at(-60), left_at: null }]],
        [2, [{ team_id: 7, joined_at: at(-60), left_at: null }]],
      ]),
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
      {
        session_id: 1,
        session_name: 'Plenaria',
        session_start: at(0),
        name: 'Ospite',
        email: 'g@x',
        minutes_attended: 20,
      },
    ]);
  });
});

describe('reading instants', () => {
  it('answers what Date.parse answers, for stored instants and anything else', () => {
    const odd = [
      '2026-02-29T10:00:00.000Z',
      '2028-02-29T10:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '0050-01-01T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-00-10T00:00:00.000Z',
      '2026-10-00T00:00:00.000Z',
      '2026-1a-01T00:00:00.000Z',
      '2026-10-01T24:00:00.000Z',
      '2026-10-01T00:60:00.000Z',
      '2026-10-01T00:00:60.000Z',
      '2026-10-01T00:00:00Z',
      '2026-10-01T00:00:00.000+01:00',
      '2026-10-01 00:00:00.000Z',
      '',
    ];
    for (const text of odd) expect(instantMs(text)).toBe(Date.parse(text));
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (date) => {
          const text = date.toISOString();
          expect(instantMs(text)).toBe(Date.parse(text));
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('members who joined later', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 9)).toISOString();
  const member = (id: number, joined: number, left: number | null = null) => ({
    id,
    name: `N${id}`,
    surname: `S${id}`,
    email: `${id}@x`,
    joined_at: day(joined),
    left_at: left === null ? null : day(left),
  });
  const stayOf = (m: ReturnType<typeof member>) => ({ team_id: 7, joined_at: m.joined_at, left_at: m.left_at });
  const attendance = (session_id: number, user_id: number): AttendanceRow => ({
    session_id,
    user_id,
    name: null,
    email: null,
    joined_at: null,
    left_at: null,
  });

  it('are expected, and counted, only at the sessions from when they joined', () => {
    // Team 7 founded on day 1; Anna a member since then, Bruno since day 15 (at 09:00, the very
    // start of session 3, which is his). Sessions: day 5 for every team, day 10 the team's own,
    // day 15 for every team, day 20 the team's own. Bruno also attended day 5, before joining.
    const anna = member(1, 1);
    const bruno = member(2, 15);
    const report = computeParticipation({
      from: '2026-01-01',
      to: '2026-01-31',
      teams: [{ id: 7, name: 'Alfa', created_at: day(1) }],
      members: new Map([[7, [anna, bruno]]]),
      teamsOfUser: new Map([
        [1, [stayOf(anna)]],
        [2, [stayOf(bruno)]],
      ]),
      sessions: [
        { id: 1, name: 'Plenaria 1', start_time: day(5), end_time: null, teamIds: [] },
        { id: 2, name: 'Mentoring 1', start_time: day(10), end_time: null, teamIds: [7] },
        { id: 3, name: 'Plenaria 2', start_time: day(15), end_time: null, teamIds: [] },
        { id: 4, name: 'Mentoring 2', start_time: day(20), end_time: null, teamIds: [7] },
      ],
      rows: [attendance(1, 1), attendance(2, 1), attendance(1, 2), attendance(3, 2)],
      experts: new Map(),
    });
    const [team] = report.data;
    expect(team.sessions_expected).toBe(4);
    expect(team.members.map((m) => [m.user_id, m.joined_at, m.sessions_expected, m.sessions_attended])).toEqual([
      [1, day(1), 4, 2],
      [2, day(15), 2, 1],
    ]);
    expect(team.attendance_rate).toBe(3 / 6);
    expect(report.meta.attendance_rate).toBe(3 / 6);
  });

  it('who left are still expected, and counted, at the sessions of their stay, once per stay', () => {
    // Team 7 founded on day 1, sessions on days 5, 10, 15, 20, 25 (10 and 20 the team's own). Carla
    // was in it from day 1 and left on day 12, came back on day 20 (the very start of its session)
    // and is still in it; Dario left on day 15 at 09:00, the very start of that session, which is
    // no longer his. Carla attended day 5 (her first stay), day 15 (while out: not counted) and day
    // 25; Dario attended day 10 and day 20 (after leaving: not counted). Dario is an expert too:
    // the team's own session on day 20, after he left, is time an expert gave the team.
    const carlaFirst = member(3, 1, 12);
    const carlaAgain = member(3, 20);
    const dario = member(4, 1, 15);
    const report = computeParticipation({
      from: '2026-01-01',
      to: '2026-01-31',
      teams: [{ id: 7, name: 'Alfa', created_at: day(1) }],
      members: new Map([[7, [carlaFirst, carlaAgain, dario]]]),
      teamsOfUser: new Map([
        [3, [stayOf(carlaFirst), stayOf(carlaAgain)]],
        [4, [stayOf(dario)]],
      ]),
      sessions: [5, 10, 15, 20, 25].map((d, index) => ({
        id: index + 1,
        name: `Sessione ${d}`,
        start_time: day(d),
        end_time: null,
        teamIds: d === 10 || d === 20 ? [7] : [],
      })),
      rows: [attendance(1, 3), attendance(3, 3), attendance(5, 3), attendance(2, 4), attendance(4, 4)],
      experts: new Map([[4, { name: 'N4', surname: 'S4' }]]),
    });
    const [team] = report.data;
    expect(team.sessions_expected).toBe(5);
    expect(
      team.members.map((m) => [m.user_id, m.joined_at, m.left_at, m.sessions_expected, m.sessions_attended]),
    ).toEqual([
      [3, day(1), day(12), 2, 1],
      [3, day(20), null, 2, 1],
      [4, day(1), day(15), 2, 1],
    ]);
    expect(team.attendance_rate).toBe(3 / 6);
    expect(team.experts.map((e) => e.user_id)).toEqual([4]);
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
