import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import { isPostgresDb, type Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { DEFAULT_SESSION_MS } from '../attendances/importer.js';
import { localDateOf, localToIso, REPORT_TIME_ZONE } from '../attendances/times.js';
import { groupBy, type Clock } from './shared.js';

/**
 * The programme reports: who took part in which sessions and for how long (participation), and
 * how far each learner got in a course (learning), plus the dashboard figures built from them.
 *
 * Participation rules:
 * - a report covers whole Europe/Rome calendar days, `from` to `to` included: a session belongs to
 *   it when its start falls in that span;
 * - a team's sessions are the ones attached to it plus the ones attached to no team (valid for
 *   every team); each member is expected at all of them;
 * - a session is attended by a user when at least one imported attendance row is matched to them;
 * - minutes: each row's joined–left interval clipped to the session's start–end (2 hours after the
 *   start when the session has no end), overlapping rows of one person in one session merged, so
 *   time is counted once; summed in seconds and rounded to whole minutes at the end;
 * - experts: matched attendees flagged as experts who are not members of the team, with their
 *   minutes in the team's sessions;
 * - unmatched attendees (no user) are listed apart, one entry per session and person (same e-mail,
 *   case-insensitively, else same name).
 */

/** A span of Europe/Rome calendar days, both included, as `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export interface ParticipationMember {
  user_id: number;
  name: string;
  surname: string;
  email: string;
  sessions_expected: number;
  sessions_attended: number;
  minutes_attended: number;
}

export interface ParticipationExpert {
  user_id: number;
  name: string;
  surname: string;
  minutes_attended: number;
}

export interface ParticipationTeam {
  team_id: number;
  team_name: string;
  sessions_expected: number;
  /** Members' sessions attended over their sessions expected, 0..1 (0 when nothing was expected). */
  attendance_rate: number;
  members: ParticipationMember[];
  experts: ParticipationExpert[];
}

export interface UnmatchedAttendee {
  session_id: number;
  session_name: string;
  session_start: string;
  name: string | null;
  email: string | null;
  minutes_attended: number;
}

export interface ParticipationReport {
  data: ParticipationTeam[];
  meta: {
    from: string;
    to: string;
    /** All teams of the report together: sessions attended over sessions expected, 0..1. */
    attendance_rate: number;
    unmatched: UnmatchedAttendee[];
  };
}

export interface LearningRow {
  user_id: number;
  name: string;
  surname: string;
  email: string;
  team_names: string[];
  lessons_completed: number;
  lessons_total: number;
  /** Lessons completed over the course's lessons, 0..100, rounded. */
  completion_percentage: number;
  /** Seconds really watched (the lessons' covered stretches), as whole minutes. */
  watched_minutes: number;
  last_activity_at: string | null;
}

export interface LearningReport {
  data: LearningRow[];
  meta: { course_id: number; course_name: string; lessons_total: number };
}

export interface LearnerLesson {
  lesson_id: number;
  lesson_name: string;
  module_id: number;
  module_name: string;
  video_length: number | null;
  covered_seconds: number;
  /** Covered share of the video, 0..100 rounded; null while its length is unknown. */
  coverage_percentage: number | null;
  /** Resume position, seconds. */
  resume_position: number;
  completed: boolean;
  updated_at: string | null;
}

export interface ImportState {
  session_id: number;
  session_name: string;
  session_start: string;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  updated_at: string;
}

export interface TeamCompletion {
  team_id: number;
  team_name: string;
  members: number;
  lessons_completed: number;
  lessons_total: number;
  completion_percentage: number;
}

export interface DashboardSummary {
  sessions: { this_week: number; next_week: number; this_week_from: string; next_week_from: string };
  attendance_by_month: Array<{ month: string; from: string; to: string; attendance_rate: number }>;
  completion_by_team: TeamCompletion[];
  imports: ImportState[];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that is a real calendar day. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function dayText(year: number, month: number, day: number): string {
  // Normalises overflowing days and months (day 0 = last day of the previous month).
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function addDays(day: string, days: number): string {
  const [year, month, d] = day.split('-').map(Number);
  return dayText(year, month, d + days);
}

/** Today on the Europe/Rome calendar. */
export function romeToday(nowMs: number): string {
  const { year, month, day } = localDateOf(new Date(nowMs).toISOString(), REPORT_TIME_ZONE);
  return dayText(year, month, day);
}

/** The Europe/Rome calendar quarter that contains `nowMs`. */
export function currentQuarter(nowMs: number): DayRange {
  const [year, month] = romeToday(nowMs).split('-').map(Number);
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  return { from: dayText(year, first, 1), to: dayText(year, first + 3, 0) };
}

/** The instant a Europe/Rome calendar day starts. */
function dayStartIso(day: string): string {
  const [year, month, d] = day.split('-').map(Number);
  return localToIso({ year, month, day: d, hour: 0, minute: 0, second: 0 }, REPORT_TIME_ZONE);
}

/** [start of `from`, start of the day after `to`) as ISO instants. */
function bounds(range: DayRange): { start: string; end: string } {
  return { start: dayStartIso(range.from), end: dayStartIso(addDays(range.to, 1)) };
}

const minutes = (seconds: number) => Math.round(seconds / 60);
const num = (value: unknown) => Number(value ?? 0);

/** Every query of the reports; `now` is the server clock (ms since the epoch). */
export function createReportsRepository(db: Db, now: Clock) {
  const pg = isPostgresDb(db);
  const greatest = pg ? sql.raw('greatest') : sql.raw('max');
  const least = pg ? sql.raw('least') : sql.raw('min');
  /** Seconds since the epoch of an ISO text column. */
  const epoch = (column: string): RawBuilder<number> =>
    pg ? sql<number>`extract(epoch from cast(${sql.ref(column)} as timestamptz))` : sql<number>`unixepoch(${sql.ref(column)}, 'subsec')`;

  /** The sessions of the span (and of the team, when given): `s(id, s0, s1)` in epoch seconds. */
  function sessionsCte(range: DayRange, teamId?: number) {
    const { start, end } = bounds(range);
    const team =
      teamId === undefined
        ? sql``
        : sql`and (exists (select 1 from session_teams st where st.session_id = sessions.id and st.team_id = ${teamId})
              or not exists (select 1 from session_teams st where st.session_id = sessions.id))`;
    return sql`s as (
      select id, ${epoch('start_time')} as s0,
        coalesce(${epoch('end_time')}, ${epoch('start_time')} + ${DEFAULT_SESSION_MS / 1000}) as s1
      from sessions
      where start_time >= ${start} and start_time < ${end} ${team}
    )`;
  }

  /**
   * CTEs ending in `sec(session_id, who, seconds)`: per session and person, the length of the
   * union of their rows' intervals clipped to the session (gaps and islands over the sorted rows).
   * `who` is the user id for matched rows, the e-mail (else the name) for unmatched ones.
   */
  function secondsCtes(range: DayRange, teamId: number | undefined, matched: boolean) {
    const who = matched
      ? sql`a.user_id`
      : sql`case when a.email is not null then ${sql.lit('e:')} || lower(a.email) else ${sql.lit('n:')} || coalesce(a.name, '') end`;
    const rows = matched ? sql`a.user_id is not null` : sql`a.user_id is null`;
    return sql`with ${sessionsCte(range, teamId)},
    c as (
      select a.session_id, ${who} as who,
        ${greatest}(${epoch('a.joined_at')}, s.s0) as j, ${least}(${epoch('a.left_at')}, s.s1) as l
      from attendances a join s on s.id = a.session_id
      where ${rows} and a.joined_at is not null and a.left_at is not null
    ),
    o as (
      select session_id, who, j, l,
        max(l) over (partition by session_id, who order by j, l rows between unbounded preceding and 1 preceding) as prev
      from c where l > j
    ),
    g as (
      select session_id, who, j, l,
        sum(case when prev is null or j > prev then 1 else 0 end)
          over (partition by session_id, who order by j, l rows between unbounded preceding and current row) as island
      from o
    ),
    i as (select session_id, who, min(j) as j, max(l) as l from g group by session_id, who, island),
    sec as (select session_id, who, sum(l - j) as seconds from i group by session_id, who)${matched ? pairs : sql``}`;
  }

  /** Matched users per session (`p(session_id, user_id, seconds)`), attended even with no usable times. */
  const pairs = sql`,
    p as (
      select d.session_id, d.user_id, coalesce(sec.seconds, 0) as seconds
      from (select distinct a.session_id, a.user_id from attendances a join s on s.id = a.session_id where a.user_id is not null) d
      left join sec on sec.session_id = d.session_id and sec.who = d.user_id
    )`;

  /** The session is the team's `team_ref` own or one for every team. */
  const sessionOfTeam = (sessionRef: string, teamRef: string) =>
    sql`(exists (select 1 from session_teams st where st.session_id = ${sql.ref(sessionRef)} and st.team_id = ${sql.ref(teamRef)})
      or not exists (select 1 from session_teams st where st.session_id = ${sql.ref(sessionRef)}))`;

  /** Sessions of the span per team (own links), and those for every team. */
  async function sessionCounts(range: DayRange, teamId?: number) {
    const { start, end } = bounds(range);
    let own = db
      .selectFrom('session_teams')
      .innerJoin('sessions', 'sessions.id', 'session_teams.session_id')
      .select(['session_teams.team_id', sql<number>`count(*)`.as('count')])
      .where('sessions.start_time', '>=', start)
      .where('sessions.start_time', '<', end)
      .groupBy('session_teams.team_id');
    if (teamId !== undefined) own = own.where('session_teams.team_id', '=', teamId);
    const [ownRows, forAll] = await Promise.all([
      own.execute(),
      db
        .selectFrom('sessions')
        .select(sql<number>`count(*)`.as('count'))
        .where('sessions.start_time', '>=', start)
        .where('sessions.start_time', '<', end)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('session_teams').select(sql.lit(1).as('one')).whereRef('session_teams.session_id', '=', 'sessions.id'))))
        .executeTakeFirst(),
    ]);
    return { own: new Map(ownRows.map((r) => [r.team_id, num(r.count)])), forAll: num(forAll?.count) };
  }

  /** Per team and member: sessions attended and seconds. */
  async function memberAttendance(range: DayRange, teamId?: number) {
    const team = teamId === undefined ? sql`` : sql`and tm.team_id = ${teamId}`;
    const { rows } = await sql<{ team_id: number; user_id: number; sessions: number; seconds: number }>`
      ${secondsCtes(range, teamId, true)}
      select tm.team_id, tm.user_id, count(*) as sessions, sum(p.seconds) as seconds
      from p join team_members tm on tm.user_id = p.user_id
      where ${sessionOfTeam('p.session_id', 'tm.team_id')} ${team}
      group by tm.team_id, tm.user_id`.execute(db);
    return rows.map((r) => ({ team_id: num(r.team_id), user_id: num(r.user_id), sessions: num(r.sessions), seconds: num(r.seconds) }));
  }

  /** Experts' seconds: in sessions of one team (per team) and in sessions for every team (per expert). */
  async function expertAttendance(range: DayRange, teamId?: number) {
    const team = teamId === undefined ? sql`` : sql`and st.team_id = ${teamId}`;
    const [own, forAll] = await Promise.all([
      sql<{ team_id: number; user_id: number; seconds: number }>`
        ${secondsCtes(range, teamId, true)}
        select st.team_id, p.user_id, sum(p.seconds) as seconds
        from p join session_teams st on st.session_id = p.session_id join users u on u.id = p.user_id
        where u.is_expert = 1 ${team}
          and not exists (select 1 from team_members tm where tm.team_id = st.team_id and tm.user_id = p.user_id)
        group by st.team_id, p.user_id`.execute(db),
      sql<{ user_id: number; seconds: number }>`
        ${secondsCtes(range, teamId, true)}
        select p.user_id, sum(p.seconds) as seconds
        from p join users u on u.id = p.user_id
        where u.is_expert = 1 and not exists (select 1 from session_teams st where st.session_id = p.session_id)
        group by p.user_id`.execute(db),
    ]);
    return {
      own: own.rows.map((r) => ({ team_id: num(r.team_id), user_id: num(r.user_id), seconds: num(r.seconds) })),
      forAll: forAll.rows.map((r) => ({ user_id: num(r.user_id), seconds: num(r.seconds) })),
    };
  }

  async function unmatched(range: DayRange, teamId?: number): Promise<UnmatchedAttendee[]> {
    const key = sql`case when a.email is not null then ${sql.lit('e:')} || lower(a.email) else ${sql.lit('n:')} || coalesce(a.name, '') end`;
    const { rows } = await sql<{
      session_id: number;
      session_name: string;
      session_start: string;
      name: string | null;
      email: string | null;
      seconds: number | null;
    }>`
      ${secondsCtes(range, teamId, false)}
      select d.session_id, se.name as session_name, se.start_time as session_start, d.name, d.email, sec.seconds
      from (
        select a.session_id, ${key} as who, max(a.name) as name, max(a.email) as email
        from attendances a join s on s.id = a.session_id
        where a.user_id is null
        group by a.session_id, ${key}
      ) d
      join sessions se on se.id = d.session_id
      left join sec on sec.session_id = d.session_id and sec.who = d.who
      order by se.start_time, d.session_id, d.name, d.email`.execute(db);
    return rows.map((r) => ({
      session_id: num(r.session_id),
      session_name: r.session_name,
      session_start: r.session_start,
      name: r.name,
      email: r.email,
      minutes_attended: minutes(num(r.seconds)),
    }));
  }

  async function teamsAndMembers(teamId?: number) {
    let teams = db.selectFrom('teams').select(['id', 'name']).orderBy('name').orderBy('id');
    let members = db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['team_members.team_id', 'users.id', 'users.name', 'users.surname', 'users.email'])
      .orderBy('users.surname')
      .orderBy('users.name')
      .orderBy('users.id');
    if (teamId !== undefined) {
      teams = teams.where('id', '=', teamId);
      members = members.where('team_members.team_id', '=', teamId);
    }
    const [teamRows, memberRows] = await Promise.all([teams.execute(), members.execute()]);
    return { teams: teamRows, membersOf: groupBy(memberRows, (m) => m.team_id) };
  }

  /** The participation report of the span, for every team or one. */
  async function participation(range: DayRange, teamId?: number): Promise<ParticipationReport> {
    const [{ teams, membersOf }, counts, attendance, experts, loose] = await Promise.all([
      teamsAndMembers(teamId),
      sessionCounts(range, teamId),
      memberAttendance(range, teamId),
      expertAttendance(range, teamId),
      unmatched(range, teamId),
    ]);
    const attended = new Map(attendance.map((r) => [`${r.team_id}:${r.user_id}`, r]));
    const expertIds = [...new Set([...experts.own.map((e) => e.user_id), ...experts.forAll.map((e) => e.user_id)])];
    const expertPeople = expertIds.length
      ? new Map(
          (await db.selectFrom('users').select(['id', 'name', 'surname']).where('id', 'in', expertIds).execute()).map((u) => [u.id, u]),
        )
      : new Map<number, { id: number; name: string; surname: string }>();
    const expertsOwn = groupBy(experts.own, (e) => e.team_id);

    let expectedAll = 0;
    let attendedAll = 0;
    const data = teams.map((team): ParticipationTeam => {
      const expected = (counts.own.get(team.id) ?? 0) + counts.forAll;
      const people = membersOf.get(team.id) ?? [];
      const memberIds = new Set(people.map((m) => m.id));
      const members = people.map((m): ParticipationMember => {
        const row = attended.get(`${team.id}:${m.id}`);
        return {
          user_id: m.id,
          name: m.name,
          surname: m.surname,
          email: m.email,
          sessions_expected: expected,
          sessions_attended: row?.sessions ?? 0,
          minutes_attended: minutes(row?.seconds ?? 0),
        };
      });
      const teamExpected = expected * members.length;
      const teamAttended = members.reduce((sum, m) => sum + m.sessions_attended, 0);
      expectedAll += teamExpected;
      attendedAll += teamAttended;

      const expertSeconds = new Map<number, number>();
      for (const e of expertsOwn.get(team.id) ?? []) expertSeconds.set(e.user_id, e.seconds);
      for (const e of experts.forAll) {
        if (!memberIds.has(e.user_id)) expertSeconds.set(e.user_id, (expertSeconds.get(e.user_id) ?? 0) + e.seconds);
      }
      const teamExperts = [...expertSeconds].map(([userId, seconds]): ParticipationExpert => {
        const person = expertPeople.get(userId);
        return { user_id: userId, name: person?.name ?? '', surname: person?.surname ?? '', minutes_attended: minutes(seconds) };
      });
      teamExperts.sort((a, b) => a.surname.localeCompare(b.surname, 'it') || a.name.localeCompare(b.name, 'it') || a.user_id - b.user_id);

      return {
        team_id: team.id,
        team_name: team.name,
        sessions_expected: expected,
        attendance_rate: teamExpected ? teamAttended / teamExpected : 0,
        members,
        experts: teamExperts,
      };
    });
    return {
      data,
      meta: { from: range.from, to: range.to, attendance_rate: expectedAll ? attendedAll / expectedAll : 0, unmatched: loose },
    };
  }

  /** The attendance rate of all teams over the span (the participation report's `meta.attendance_rate`). */
  async function attendanceRate(range: DayRange): Promise<number> {
    const [counts, attendance, memberCounts] = await Promise.all([
      sessionCounts(range),
      memberAttendance(range),
      db.selectFrom('team_members').select(['team_id', sql<number>`count(*)`.as('count')]).groupBy('team_id').execute(),
    ]);
    let expected = 0;
    for (const team of memberCounts) expected += num(team.count) * ((counts.own.get(team.team_id) ?? 0) + counts.forAll);
    const attended = attendance.reduce((sum, r) => sum + r.sessions, 0);
    return expected ? attended / expected : 0;
  }

  async function courseLessons(courseId: number) {
    return db
      .selectFrom('lessons')
      .innerJoin('modules', 'modules.id', 'lessons.module_id')
      .select(['lessons.id', 'lessons.name', 'lessons.video_length', 'modules.id as module_id', 'modules.name as module_name'])
      .where('modules.course_id', '=', courseId)
      .orderBy('modules.position')
      .orderBy('modules.id')
      .orderBy('lessons.position')
      .orderBy('lessons.id')
      .execute();
  }

  /**
   * The learning report of a course: with a team, its members; without, every team member plus
   * anyone else who has progress in the course. Sorted by surname, name.
   */
  async function learning(courseId: number, teamId?: number): Promise<LearningReport | undefined> {
    const course = await db.selectFrom('courses').select(['id', 'name']).where('id', '=', courseId).executeTakeFirst();
    if (!course) return undefined;
    const inCourse = (eb: ExpressionBuilder<Database, 'lesson_progress'>) =>
      eb.exists(
        eb
          .selectFrom('lessons')
          .innerJoin('modules', 'modules.id', 'lessons.module_id')
          .select(sql.lit(1).as('one'))
          .whereRef('lessons.id', '=', 'lesson_progress.lesson_id')
          .where('modules.course_id', '=', courseId),
      );
    let learners = db.selectFrom('users').select(['users.id', 'users.name', 'users.surname', 'users.email']);
    learners =
      teamId === undefined
        ? learners.where((eb) =>
            eb.or([
              eb.exists(eb.selectFrom('team_members').select(sql.lit(1).as('one')).whereRef('team_members.user_id', '=', 'users.id')),
              eb.exists(
                eb
                  .selectFrom('lesson_progress')
                  .select(sql.lit(1).as('one'))
                  .whereRef('lesson_progress.user_id', '=', 'users.id')
                  .where(inCourse),
              ),
            ]),
          )
        : learners.where((eb) =>
            eb.exists(
              eb
                .selectFrom('team_members')
                .select(sql.lit(1).as('one'))
                .whereRef('team_members.user_id', '=', 'users.id')
                .where('team_members.team_id', '=', teamId),
            ),
          );
    let progress = db
      .selectFrom('lesson_progress')
      .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
      .innerJoin('modules', 'modules.id', 'lessons.module_id')
      .select([
        'lesson_progress.user_id',
        sql<number>`sum(lesson_progress.completed)`.as('completed'),
        sql<number>`sum(lesson_progress.covered_seconds)`.as('seconds'),
        sql<string>`max(lesson_progress.updated_at)`.as('last_activity_at'),
      ])
      .where('modules.course_id', '=', courseId)
      .groupBy('lesson_progress.user_id');
    let memberships = db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select(['team_members.user_id', 'teams.name'])
      .orderBy('teams.name')
      .orderBy('teams.id');
    if (teamId !== undefined) {
      const inTeam = db.selectFrom('team_members as own').select('own.user_id').where('own.team_id', '=', teamId);
      progress = progress.where('lesson_progress.user_id', 'in', inTeam);
      memberships = memberships.where('team_members.user_id', 'in', inTeam);
    }
    const [people, progressRows, teamRows, lessonCount] = await Promise.all([
      learners.orderBy('users.surname').orderBy('users.name').orderBy('users.id').execute(),
      progress.execute(),
      memberships.execute(),
      db
        .selectFrom('lessons')
        .innerJoin('modules', 'modules.id', 'lessons.module_id')
        .select(sql<number>`count(*)`.as('count'))
        .where('modules.course_id', '=', courseId)
        .executeTakeFirst(),
    ]);
    const total = num(lessonCount?.count);
    const progressOf = new Map(progressRows.map((r) => [r.user_id, r]));
    const teamsOf = groupBy(teamRows, (t) => t.user_id);
    const data = people.map((u): LearningRow => {
      const p = progressOf.get(u.id);
      const completed = num(p?.completed);
      return {
        user_id: u.id,
        name: u.name,
        surname: u.surname,
        email: u.email,
        team_names: (teamsOf.get(u.id) ?? []).map((t) => t.name),
        lessons_completed: completed,
        lessons_total: total,
        completion_percentage: total ? Math.round((completed / total) * 100) : 0,
        watched_minutes: minutes(num(p?.seconds)),
        last_activity_at: p?.last_activity_at ?? null,
      };
    });
    return { data, meta: { course_id: course.id, course_name: course.name, lessons_total: total } };
  }

  /** One learner's lessons of a course, in course order, with coverage and resume position. */
  async function learnerLessons(courseId: number, userId: number): Promise<LearnerLesson[]> {
    const [lessons, progress] = await Promise.all([
      courseLessons(courseId),
      db
        .selectFrom('lesson_progress')
        .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
        .innerJoin('modules', 'modules.id', 'lessons.module_id')
        .select([
          'lesson_progress.lesson_id',
          'lesson_progress.position',
          'lesson_progress.covered_seconds',
          'lesson_progress.completed',
          'lesson_progress.updated_at',
        ])
        .where('modules.course_id', '=', courseId)
        .where('lesson_progress.user_id', '=', userId)
        .execute(),
    ]);
    const progressOf = new Map(progress.map((p) => [p.lesson_id, p]));
    return lessons.map((lesson): LearnerLesson => {
      const p = progressOf.get(lesson.id);
      const covered = num(p?.covered_seconds);
      const length = lesson.video_length === null ? null : num(lesson.video_length);
      return {
        lesson_id: lesson.id,
        lesson_name: lesson.name,
        module_id: lesson.module_id,
        module_name: lesson.module_name,
        video_length: length,
        covered_seconds: covered,
        coverage_percentage: length ? Math.min(100, Math.round((covered / length) * 100)) : null,
        resume_position: num(p?.position),
        completed: Boolean(p?.completed),
        updated_at: p?.updated_at ?? null,
      };
    });
  }

  /**
   * Per team: its members' completed lessons of published courses over members × those courses'
   * lessons (0..100) — the sum over published courses of the learning report's figures for the team.
   */
  async function completionByTeam(): Promise<TeamCompletion[]> {
    const published = (eb: ExpressionBuilder<Database, 'lessons'>) =>
      eb.exists(
        eb
          .selectFrom('modules')
          .innerJoin('courses', 'courses.id', 'modules.course_id')
          .select(sql.lit(1).as('one'))
          .whereRef('modules.id', '=', 'lessons.module_id')
          .where('courses.published', '=', 1),
      );
    const [teams, totalRow, done] = await Promise.all([
      db
        .selectFrom('teams')
        .leftJoin('team_members', 'team_members.team_id', 'teams.id')
        .select(['teams.id', 'teams.name', sql<number>`count(team_members.user_id)`.as('members')])
        .groupBy(['teams.id', 'teams.name'])
        .execute(),
      db.selectFrom('lessons').select(sql<number>`count(*)`.as('count')).where(published).executeTakeFirst(),
      db
        .selectFrom('team_members')
        .innerJoin('lesson_progress', 'lesson_progress.user_id', 'team_members.user_id')
        .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
        .select(['team_members.team_id', sql<number>`count(*)`.as('count')])
        .where('lesson_progress.completed', '=', 1)
        .where(published)
        .groupBy('team_members.team_id')
        .execute(),
    ]);
    const total = num(totalRow?.count);
    const doneOf = new Map(done.map((d) => [d.team_id, num(d.count)]));
    return teams
      .map((t): TeamCompletion => {
        const members = num(t.members);
        const completed = doneOf.get(t.id) ?? 0;
        const possible = members * total;
        return {
          team_id: t.id,
          team_name: t.name,
          members,
          lessons_completed: completed,
          lessons_total: possible,
          completion_percentage: possible ? Math.round((completed / possible) * 100) : 0,
        };
      })
      .sort((a, b) => b.completion_percentage - a.completion_percentage || a.team_name.localeCompare(b.team_name, 'it') || a.team_id - b.team_id);
  }

  function importsQuery() {
    return db
      .selectFrom('attendance_imports')
      .innerJoin('sessions', 'sessions.id', 'attendance_imports.session_id')
      .select([
        'attendance_imports.session_id',
        'sessions.name as session_name',
        'sessions.start_time as session_start',
        'attendance_imports.status',
        'attendance_imports.attempts',
        'attendance_imports.last_error',
        'attendance_imports.updated_at',
      ]);
  }

  /** The most recently updated attendance imports, newest first. */
  async function latestImports(limit: number): Promise<ImportState[]> {
    const rows = await importsQuery()
      .orderBy('attendance_imports.updated_at', 'desc')
      .orderBy('attendance_imports.session_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, attempts: num(r.attempts) }));
  }

  return {
    participation,
    attendanceRate,
    learning,
    learnerLessons,
    completionByTeam,
    latestImports,

    async teamExists(teamId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst());
    },

    async teamName(teamId: number): Promise<string | undefined> {
      return (await db.selectFrom('teams').select('name').where('id', '=', teamId).executeTakeFirst())?.name;
    },

    async courseExists(courseId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst());
    },

    /** Per session: attendance rows stored and distinct users they were matched to. */
    async attendanceCounts(sessionIds: number[]): Promise<Map<number, { attendances: number; matched_users: number }>> {
      if (!sessionIds.length) return new Map();
      const rows = await db
        .selectFrom('attendances')
        .select([
          'session_id',
          sql<number>`count(*)`.as('attendances'),
          sql<number>`count(distinct user_id)`.as('matched_users'),
        ])
        .where('session_id', 'in', sessionIds)
        .groupBy('session_id')
        .execute();
      return new Map(rows.map((r) => [r.session_id, { attendances: num(r.attendances), matched_users: num(r.matched_users) }]));
    },

    async userExists(userId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst());
    },

    /** True when the lesson belongs to the module and the module to the course. */
    async lessonInCourse(courseId: number, moduleId: number, lessonId: number): Promise<boolean> {
      const row = await db
        .selectFrom('lessons')
        .innerJoin('modules', 'modules.id', 'lessons.module_id')
        .select('lessons.id')
        .where('lessons.id', '=', lessonId)
        .where('modules.id', '=', moduleId)
        .where('modules.course_id', '=', courseId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Forgets one learner's progress on one lesson; false when there was none. */
    async resetProgress(lessonId: number, userId: number): Promise<boolean> {
      const result = await db.deleteFrom('lesson_progress').where('lesson_id', '=', lessonId).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Puts a failed attendance import back in the queue: pending, due now, attempts and reason
     * cleared. Undefined when the session has no import; false when the import has not failed.
     */
    async retryImport(sessionId: number): Promise<ImportState | undefined | false> {
      const current = await db.selectFrom('attendance_imports').select('status').where('session_id', '=', sessionId).executeTakeFirst();
      if (!current) return undefined;
      if (current.status !== 'failed') return false;
      await db
        .updateTable('attendance_imports')
        .set({ status: 'pending', attempts: 0, last_error: null, next_attempt_at: null, updated_at: new Date(now()).toISOString() })
        .where('session_id', '=', sessionId)
        .where('status', '=', 'failed')
        .execute();
      const row = await importsQuery().where('attendance_imports.session_id', '=', sessionId).executeTakeFirstOrThrow();
      return { ...row, attempts: num(row.attempts) };
    },

    /** The back-office dashboard: sessions this week and next, six months of attendance, completion, imports. */
    async dashboard(): Promise<DashboardSummary> {
      const today = romeToday(now());
      const [year, month, day] = today.split('-').map(Number);
      const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7; // Monday = 0
      const monday = addDays(today, -weekday);
      const nextMonday = addDays(monday, 7);
      const { start: weekStart } = bounds({ from: monday, to: monday });
      const { start: nextStart } = bounds({ from: nextMonday, to: nextMonday });
      const { end: nextEnd } = bounds({ from: nextMonday, to: addDays(nextMonday, 6) });
      const countBetween = async (from: string, to: string) =>
        num(
          (
            await db
              .selectFrom('sessions')
              .select(sql<number>`count(*)`.as('count'))
              .where('start_time', '>=', from)
              .where('start_time', '<', to)
              .executeTakeFirst()
          )?.count,
        );
      const months: DayRange[] = [];
      for (let back = 5; back >= 0; back--) {
        const from = dayText(year, month - back, 1);
        const last = dayText(year, month - back + 1, 0);
        months.push({ from, to: back === 0 ? today : last });
      }
      const [thisWeek, nextWeek, rates, completion, imports] = await Promise.all([
        countBetween(weekStart, nextStart),
        countBetween(nextStart, nextEnd),
        Promise.all(months.map((range) => attendanceRate(range))),
        completionByTeam(),
        latestImports(10),
      ]);
      return {
        sessions: { this_week: thisWeek, next_week: nextWeek, this_week_from: monday, next_week_from: nextMonday },
        attendance_by_month: months.map((range, index) => ({
          month: range.from.slice(0, 7),
          from: range.from,
          to: range.to,
          attendance_rate: rates[index],
        })),
        completion_by_team: completion.slice(0, 12),
        imports,
      };
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
