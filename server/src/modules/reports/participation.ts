/**
 * The participation figures, as a pure function of the rows the reports repository reads (no
 * clock, no database), so the rules are in one place and can be tested on their own:
 *
 * - a team's sessions are the ones attached to it plus the ones attached to no team that start at
 *   or after the team's creation (a team created later did not exist for the earlier ones, so they
 *   are neither expected nor attended for it);
 * - a member is expected at each of those that starts while they are in the team — at or after they
 *   joined it and, once they left it, before they left — and only those count as attended for them
 *   (someone who joined in November was not absent in October; someone who left in March was not
 *   absent in April, and is still counted for February). Someone who left and came back is listed
 *   once per stay;
 * - a member attended a session when at least one attendance row of the session is matched to
 *   them, whatever its times;
 * - minutes: each row's joined–left interval is clipped to the session's start–end (2 hours after
 *   the start when it has no end); one person's overlapping rows in one session are merged, so
 *   time is never counted twice; seconds are summed and rounded to whole minutes at the end;
 * - a team's experts: matched attendees flagged as experts, not members of the team, with their
 *   minutes in the sessions attached to that team (a session for every team is a programme event,
 *   not time given to one team);
 * - rows matched to no user are listed apart, one entry per session and person (same e-mail,
 *   case-insensitively, else same name), never dropped.
 */

import { countFrom } from '../../infra/sorted.js';
import type {
  ParticipationExpert,
  ParticipationMember,
  ParticipationResponse,
  ParticipationTeam,
  UnmatchedAttendee,
} from './schemas.js';

export const DEFAULT_SESSION_SECONDS = 2 * 3600;

export interface SessionSpan {
  id: number;
  name: string;
  start_time: string;
  end_time: string | null;
  /** Teams the session is attached to; empty means every team. */
  teamIds: number[];
}

export interface AttendanceRow {
  /** The row's id: what keeps apart the attendees left with no name and no e-mail. */
  id?: number;
  session_id: number;
  user_id: number | null;
  name: string | null;
  email: string | null;
  joined_at: string | null;
  left_at: string | null;
}

export interface Person {
  id: number;
  name: string;
  surname: string;
  email: string;
}

/** A stay in a team: the ISO instants the person joined it and left it (null while they are in it). */
export interface TeamStay {
  joined_at: string;
  left_at: string | null;
}

/** A member of a team, for one stay in it. */
export type Member = Person & TeamStay;

/** One team a user belongs or belonged to, for one stay. */
export type Membership = TeamStay & { team_id: number };

export interface ParticipationInput {
  from: string;
  to: string;
  /** `created_at` is an ISO instant: the sessions for every team that start before it are not the team's. */
  teams: Array<{ id: number; name: string; created_at: string }>;
  /** Members of each team, present and past (those whose stay overlaps the span), in the order the report lists them. */
  members: Map<number, Member[]>;
  /** Every team each user belongs or belonged to in the span (all teams, even when the report shows one). */
  teamsOfUser: Map<number, Membership[]>;
  sessions: SessionSpan[];
  rows: AttendanceRow[];
  /** Users flagged as experts, by id. */
  experts: Map<number, { name: string; surname: string }>;
}

/** Length of the union of the intervals [start, end), in the intervals' unit. */
export function unionLength(intervals: Array<[number, number]>): number {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let total = 0;
  let start = Number.NEGATIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const [a, b] of sorted) {
    if (a > end) {
      if (end > start) total += end - start;
      start = a;
      end = b;
    } else if (b > end) {
      end = b;
    }
  }
  if (end > start) total += end - start;
  return total;
}

export const toMinutes = (seconds: number) => Math.round(seconds / 60);

/** Italian alphabetical order; one collator (localeCompare with a locale builds one per call). */
export const italianOrder = new Intl.Collator('it').compare;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const digits = (text: string, at: number, count: number) => {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const d = digit(text, i);
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
};

/**
 * Date.parse of the instants the database holds (`YYYY-MM-DDTHH:MM:SS.sssZ`), read digit by digit
 * (Date.parse costs a noticeable share of a large report); any other text, and days past the 28th
 * (whose validity depends on the month), go to Date.parse itself, so the answer is always its own.
 */
export function instantMs(text: string): number {
  if (text.length !== 24 || text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':')
    return Date.parse(text);
  if (text[16] !== ':' || text[19] !== '.' || text[23] !== 'Z') return Date.parse(text);
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const ms = digits(text, 20, 3);
  // Date.UTC reads years 0–99 as 1900–1999.
  const valid = year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= 28 && hour >= 0 && hour <= 23;
  if (!valid || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) return Date.parse(text);
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/** One person's rows of one session: the first row, and the union of their clipped intervals (seconds). */
interface Stay<K> {
  sessionId: number;
  who: K;
  rows: AttendanceRow[];
  seconds: number;
}

/**
 * Groups rows by session and person (`who`) and measures each group's time: sessions in ascending
 * id, people in ascending `who` within a session, rows in their given order within a group. The
 * rows of one session are gathered first and only they are sorted by person (a quarter of a large
 * programme has hundreds of thousands of rows, a session a handful), then the sessions by id.
 */
function stays<K extends string | number>(
  rows: AttendanceRow[],
  spans: Map<number, [number, number]>,
  who: (row: AttendanceRow) => K,
): Array<Stay<K>> {
  const rowsOf = new Map<number, AttendanceRow[]>();
  for (const row of rows) {
    const ofSession = rowsOf.get(row.session_id);
    if (ofSession) ofSession.push(row);
    else if (spans.has(row.session_id)) rowsOf.set(row.session_id, [row]);
  }
  const sessionIds = Float64Array.from(rowsOf.keys()).sort();
  const found: Array<Stay<K>> = [];
  const byWho = (x: { key: K }, y: { key: K }) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);
  for (const sessionId of sessionIds) {
    const span = spans.get(sessionId)!;
    // A stable sort: one person's rows keep their order.
    const keyed = rowsOf.get(sessionId)!.map((row) => ({ row, key: who(row) }));
    if (keyed.length > 1) keyed.sort(byWho);
    let current: Stay<K> | null = null;
    let intervals: Array<[number, number]> = [];
    for (const { row, key } of keyed) {
      if (!current || current.who !== key) {
        if (current) current.seconds = unionLength(intervals);
        current = { sessionId, who: key, rows: [], seconds: 0 };
        intervals = [];
        found.push(current);
      }
      current.rows.push(row);
      if (row.joined_at && row.left_at) {
        const joined = Math.max(instantMs(row.joined_at) / 1000, span[0]);
        const left = Math.min(instantMs(row.left_at) / 1000, span[1]);
        if (left > joined) intervals.push([joined, left]);
      }
    }
    if (current) current.seconds = unionLength(intervals);
  }
  return found;
}

/** One stay of one person in a team: a person who left and came back has one row per stay. */
const stayKey = (userId: number, stay: TeamStay) => `${userId}@${stay.joined_at}`;

export function computeParticipation(input: ParticipationInput): ParticipationResponse {
  const spans = new Map<number, [number, number]>();
  const sessionById = new Map<number, SessionSpan>();
  /** Starts in ms since the epoch: of every session, and of the sessions for every team. */
  const startMsOf = new Map<number, number>();
  const forAllStarts: number[] = [];
  const ownStarts = new Map<number, number[]>();
  for (const s of input.sessions) {
    const startMs = Date.parse(s.start_time);
    const start = startMs / 1000;
    spans.set(s.id, [start, s.end_time ? Date.parse(s.end_time) / 1000 : start + DEFAULT_SESSION_SECONDS]);
    sessionById.set(s.id, s);
    startMsOf.set(s.id, startMs);
    if (!s.teamIds.length) forAllStarts.push(startMs);
    for (const team of s.teamIds) {
      const starts = ownStarts.get(team);
      if (starts) starts.push(startMs);
      else ownStarts.set(team, [startMs]);
    }
  }
  forAllStarts.sort((a, b) => a - b);
  for (const starts of ownStarts.values()) starts.sort((a, b) => a - b);
  const shown = new Set(input.teams.map((t) => t.id));
  const createdMs = new Map(input.teams.map((t) => [t.id, Date.parse(t.created_at)]));
  /** Whether the team is expected at the session: attached to it, or for every team and not before the team existed. */
  const isTeamSession = (teamId: number, session: SessionSpan) =>
    session.teamIds.length ? session.teamIds.includes(teamId) : startMsOf.get(session.id)! >= createdMs.get(teamId)!;
  /** The team's sessions starting at or after `fromMs`. */
  const teamSessionsFrom = (teamId: number, fromMs: number) =>
    countFrom(ownStarts.get(teamId) ?? [], fromMs) + countFrom(forAllStarts, Math.max(createdMs.get(teamId)!, fromMs));
  /** The team's sessions starting during the stay. */
  const teamSessionsDuring = (teamId: number, stay: TeamStay) =>
    teamSessionsFrom(teamId, Date.parse(stay.joined_at)) -
    (stay.left_at === null
      ? 0
      : teamSessionsFrom(teamId, Math.max(Date.parse(stay.left_at), Date.parse(stay.joined_at))));
  /**
   * Each user's stays with their instants read once (a user attends many sessions); a session
   * starting at `startMs` falls in a stay when joinedMs <= startMs < leftMs.
   */
  const staysOfUser = new Map<number, Array<{ teamId: number; joinedMs: number; leftMs: number; key: string }>>();
  for (const [userId, list] of input.teamsOfUser)
    staysOfUser.set(
      userId,
      list.map((m) => ({
        teamId: m.team_id,
        joinedMs: Date.parse(m.joined_at),
        leftMs: m.left_at === null ? Infinity : Date.parse(m.left_at),
        key: stayKey(userId, m),
      })),
    );
  const isInTeamAt = (userId: number, teamId: number, startMs: number) =>
    (staysOfUser.get(userId) ?? []).some((m) => m.teamId === teamId && startMs >= m.joinedMs && startMs < m.leftMs);

  /** Per team, per member's stay (stayKey): sessions attended and seconds. */
  const attended = new Map<number, Map<string, { sessions: number; seconds: number }>>();
  const expertSeconds = new Map<number, Map<number, number>>();
  const matched = input.rows.filter((r) => r.user_id !== null);
  for (const stay of stays(matched, spans, (r) => r.user_id!)) {
    const userId = stay.who;
    const session = sessionById.get(stay.sessionId)!;
    const { seconds } = stay;
    const startMs = startMsOf.get(session.id)!;
    for (const { teamId, joinedMs, leftMs, key } of staysOfUser.get(userId) ?? []) {
      if (startMs < joinedMs || startMs >= leftMs) continue;
      if (!shown.has(teamId) || !isTeamSession(teamId, session)) continue;
      let ofTeam = attended.get(teamId);
      if (!ofTeam) attended.set(teamId, (ofTeam = new Map()));
      const sum = ofTeam.get(key);
      if (sum) {
        sum.sessions += 1;
        sum.seconds += seconds;
      } else {
        ofTeam.set(key, { sessions: 1, seconds });
      }
    }
    if (input.experts.has(userId)) {
      for (const teamId of session.teamIds) {
        if (!shown.has(teamId) || isInTeamAt(userId, teamId, startMs)) continue;
        const perExpert = expertSeconds.get(teamId) ?? new Map<number, number>();
        perExpert.set(userId, (perExpert.get(userId) ?? 0) + seconds);
        expertSeconds.set(teamId, perExpert);
      }
    }
  }

  let expectedAll = 0;
  let attendedAll = 0;
  const data = input.teams.map((team): ParticipationTeam => {
    const expected = teamSessionsFrom(team.id, Number.NEGATIVE_INFINITY);
    const members = (input.members.get(team.id) ?? []).map((m): ParticipationMember => {
      const sum = attended.get(team.id)?.get(stayKey(m.id, m));
      return {
        user_id: m.id,
        name: m.name,
        surname: m.surname,
        email: m.email,
        joined_at: m.joined_at,
        left_at: m.left_at,
        sessions_expected: teamSessionsDuring(team.id, m),
        sessions_attended: sum?.sessions ?? 0,
        minutes_attended: toMinutes(sum?.seconds ?? 0),
      };
    });
    const teamExpected = members.reduce((total, m) => total + m.sessions_expected, 0);
    const teamAttended = members.reduce((total, m) => total + m.sessions_attended, 0);
    expectedAll += teamExpected;
    attendedAll += teamAttended;
    const experts = [...(expertSeconds.get(team.id) ?? new Map<number, number>())]
      .map(([userId, seconds]): ParticipationExpert => {
        const person = input.experts.get(userId)!;
        return { user_id: userId, name: person.name, surname: person.surname, minutes_attended: toMinutes(seconds) };
      })
      .sort((a, b) => italianOrder(a.surname, b.surname) || italianOrder(a.name, b.name) || a.user_id - b.user_id);
    return {
      team_id: team.id,
      team_name: team.name,
      sessions_expected: expected,
      attendance_rate: teamExpected ? teamAttended / teamExpected : null,
      members,
      experts,
    };
  });

  const unmatchedRows = input.rows.filter((r) => r.user_id === null);
  // A row with no identity left (past its retention, or its person erased) is one attendee of its
  // own: merged with the others, their minutes would overlap into one.
  const who = (r: AttendanceRow) =>
    r.email !== null ? `e:${r.email.toLowerCase()}` : r.name !== null ? `n:${r.name}` : `a:${r.id ?? ''}`;
  const unmatched = stays(unmatchedRows, spans, who)
    .map((stay): UnmatchedAttendee => {
      const session = sessionById.get(stay.sessionId)!;
      const name = stay.rows.map((r) => r.name).find((n) => n !== null) ?? null;
      const emails = stay.rows.map((r) => r.email).filter((e): e is string => e !== null);
      return {
        session_id: session.id,
        session_name: session.name,
        session_start: session.start_time,
        name,
        // The lower-case spelling when the source wrote it several ways.
        email: emails.length ? emails.reduce((a, b) => (a === a.toLowerCase() ? a : b)) : null,
        minutes_attended: toMinutes(stay.seconds),
      };
    })
    .sort(
      (a, b) =>
        byText(a.session_start, b.session_start) ||
        a.session_id - b.session_id ||
        italianOrder(a.name ?? '', b.name ?? '') ||
        byText(a.email ?? '', b.email ?? ''),
    );

  return {
    data,
    meta: {
      from: input.from,
      to: input.to,
      attendance_rate: expectedAll ? attendedAll / expectedAll : null,
      unmatched,
    },
  };
}
