import { sql, type ExpressionBuilder } from 'kysely';
import { isPostgresDb, type Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { addDays, dayRangeBounds, dayText, romeToday, type DayRange } from '../../calendar/calendar-days.js';
import {
  computeParticipation,
  italianOrder,
  type ParticipationInput as ParticipationInputs,
  type Member,
  type Membership,
  type SessionSpan,
} from './participation.js';
import type {
  DashboardSummary,
  ImportState,
  LearnerLesson,
  LearningResponse,
  LearningRow,
  ParticipationResponse,
  TeamCompletion,
} from './schemas.js';
import { audit, changesBetween, type ActorId } from '../audit/repository.js';
import { groupBy, memberSince, type Clock } from '../shared.js';
import { defineRepository } from '../registry.js';
import { extend } from '../../infra/objects.js';
import { countAtOrBefore } from '../../infra/sorted.js';

/**
 * The programme reports: who took part in which sessions and for how long (participation), and
 * how far each learner got in a course (learning), plus the dashboard figures built from them.
 * A report covers whole Europe/Rome calendar days, `from` to `to` included: a session belongs to
 * it when its start falls in that span. The participation rules are written in
 * participation.ts, which computes the figures from the rows read here.
 */

/** A person's columns, named: SQLite orders a UNION only by its result's explicit names. */
const PERSON = ['users.id as id', 'users.name as name', 'users.surname as surname', 'users.email as email'] as const;

const minutes = (seconds: number) => Math.round(seconds / 60);
const num = (value: unknown) => Number(value ?? 0);

/** Every query of the reports; `now` is the server clock (ms since the epoch). */
export function createReportsRepository(db: Db, now: Clock) {
  const postgres = isPostgresDb(db);
  /**
   * Sessions of the span already held (started by now: one still to come has no attendance yet,
   * and counted as expected it would read as everyone's absence), and of the team when given (its
   * own plus those for every team that start at or after the team's creation).
   */
  function sessionsInRange(range: DayRange, teamId?: number) {
    const { start, end } = dayRangeBounds(range);
    const held = new Date(now()).toISOString();
    let query = db
      .selectFrom('sessions')
      .where('sessions.start_time', '>=', start)
      .where('sessions.start_time', '<', end)
      .where('sessions.start_time', '<=', held);
    if (teamId !== undefined) {
      const links = db
        .selectFrom('session_teams')
        .select('session_teams.session_id')
        .where('session_teams.team_id', '=', teamId);
      query = query.where((eb) =>
        eb.or([
          // The team's links, or a session for every team (see ofTeam: index lookups on both databases).
          postgres
            ? eb(sql.ref('sessions.id'), '=', sql<number>`any(array(${links}))`)
            : eb('sessions.id', 'in', links),
          eb.and([
            eb('sessions.teams_count', '=', 0),
            eb(
              'sessions.start_time',
              '>=',
              eb.selectFrom('teams').select('teams.created_at').where('teams.id', '=', teamId),
            ),
          ]),
        ]),
      );
    }
    return query;
  }

  /**
   * The teams, and each team's members: the present ones, and the past ones whose stay overlaps the
   * span (listed once per stay), in surname, name, id, stay order.
   */
  async function teamsAndMembers(range: DayRange, teamId?: number) {
    const { start, end } = dayRangeBounds(range);
    let teams = db.selectFrom('teams').select(['id', 'name', 'created_at']).orderBy('name').orderBy('id');
    let present = db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select(['team_members.team_id', memberSince, sql<string | null>`null`.as('left_at'), ...PERSON]);
    let past = db
      .selectFrom('past_team_members')
      .innerJoin('users', 'users.id', 'past_team_members.user_id')
      .select(['past_team_members.team_id', 'past_team_members.joined_at', 'past_team_members.left_at', ...PERSON])
      .where('past_team_members.left_at', '>', start)
      .where('past_team_members.joined_at', '<', end);
    if (teamId !== undefined) {
      teams = teams.where('id', '=', teamId);
      present = present.where('team_members.team_id', '=', teamId);
      past = past.where('past_team_members.team_id', '=', teamId);
    }
    const members = present.unionAll(past).orderBy('surname').orderBy('name').orderBy('id').orderBy('joined_at');
    const [teamRows, memberRows] = await Promise.all([teams.execute(), members.execute()]);
    const membersOf = new Map<number, Member[]>();
    for (const { team_id: team, ...person } of memberRows)
      membersOf.set(team, [...(membersOf.get(team) ?? []), person]);
    return { teams: teamRows, membersOf };
  }

  /**
   * What the participation report of the span is computed from, for every team or one: four
   * set-based reads (the sessions with their team links, their attendance rows, the teams with
   * their members, the experts).
   */
  async function participationInputs(range: DayRange, teamId?: number): Promise<ParticipationInputs> {
    const sessions = sessionsInRange(range, teamId);
    // A matched row's person is its user: its name and e-mail as written by the source are only
    // read for the rows matched to no one (the report lists those apart).
    const unlessMatched = (column: 'attendances.name' | 'attendances.email') =>
      sql<string | null>`case when attendances.user_id is null then ${sql.ref(column)} end`;
    const [{ teams, membersOf }, sessionRows, rows, experts] = await Promise.all([
      teamsAndMembers(range, teamId),
      // Each session once per team it is attached to, once when it is for every team (no link).
      sessions
        .leftJoin('session_teams', 'session_teams.session_id', 'sessions.id')
        .select(['sessions.id', 'sessions.name', 'sessions.start_time', 'sessions.end_time', 'session_teams.team_id'])
        .execute(),
      sessions
        .innerJoin('attendances', 'attendances.session_id', 'sessions.id')
        .select([
          'attendances.id',
          'attendances.session_id',
          'attendances.user_id',
          unlessMatched('attendances.name').as('name'),
          unlessMatched('attendances.email').as('email'),
          'attendances.joined_at',
          'attendances.left_at',
        ])
        .execute(),
      db.selectFrom('users').select(['id', 'name', 'surname']).where('is_expert', '=', 1).execute(),
    ]);
    const sessionSpans = new Map<number, SessionSpan>();
    for (const { team_id: team, ...session } of sessionRows) {
      let span = sessionSpans.get(session.id);
      if (!span) sessionSpans.set(session.id, (span = extend(session, { teamIds: [] as number[] })));
      if (team !== null) span.teamIds.push(team);
    }
    const teamsOfUser = new Map<number, Membership[]>();
    for (const [team, people] of membersOf) {
      for (const person of people) {
        const membership = { team_id: team, joined_at: person.joined_at, left_at: person.left_at };
        teamsOfUser.set(person.id, [...(teamsOfUser.get(person.id) ?? []), membership]);
      }
    }
    return {
      from: range.from,
      to: range.to,
      teams,
      members: membersOf,
      teamsOfUser,
      sessions: [...sessionSpans.values()],
      rows,
      experts: new Map(experts.map((e) => [e.id, e])),
    };
  }

  /** The participation report of the span, for every team or one. */
  async function participation(range: DayRange, teamId?: number): Promise<ParticipationResponse> {
    return computeParticipation(await participationInputs(range, teamId));
  }

  /**
   * The attendance rate of all teams in each of `ranges` (consecutive, in order), equal to the
   * participation report's `meta.attendance_rate` of each: member-sessions attended (a member with
   * an attendance row in a session of their team, or of every team once the team existed, while
   * they were in it) over member-sessions expected. Read once for the whole span, and only ids: no names, no intervals.
   */
  async function attendanceRates(ranges: DayRange[]): Promise<Array<number | null>> {
    if (!ranges.length) return [];
    const sessions = sessionsInRange({ from: ranges[0].from, to: ranges[ranges.length - 1].to });
    const [sessionRows, links, pairs, memberships, teamRows] = await Promise.all([
      sessions.select(['sessions.id', 'sessions.start_time']).execute(),
      sessions
        .innerJoin('session_teams', 'session_teams.session_id', 'sessions.id')
        .select(['session_teams.session_id', 'session_teams.team_id'])
        .execute(),
      // Read from the (session_id, user_id) index alone; a person's several rows in a session are
      // counted once below (a DISTINCT here sorted every pair of the six months).
      sessions
        .innerJoin('attendances', 'attendances.session_id', 'sessions.id')
        .where('attendances.user_id', 'is not', null)
        .select(['attendances.session_id', 'attendances.user_id'])
        .execute(),
      db
        .selectFrom('team_members')
        .innerJoin('teams', 'teams.id', 'team_members.team_id')
        .select(['team_members.team_id', 'team_members.user_id', memberSince, sql<string | null>`null`.as('left_at')])
        .unionAll(
          db
            .selectFrom('past_team_members')
            .select(['team_id', 'user_id', 'joined_at', 'left_at'])
            .where('left_at', '>', dayRangeBounds(ranges[0]).start),
        )
        .execute(),
      db.selectFrom('teams').select(['id', 'created_at']).execute(),
    ]);
    const createdMs = new Map(teamRows.map((t) => [t.id, Date.parse(t.created_at)]));
    const teamsOfSession = new Map<number, number[]>();
    for (const link of links)
      teamsOfSession.set(link.session_id, [...(teamsOfSession.get(link.session_id) ?? []), link.team_id]);
    // When each stay in each team began and ended, ascending per team: a team's members at an
    // instant are the stays begun by then less those ended by then, two binary searches.
    const joinsOf = new Map<number, number[]>();
    const leavesOf = new Map<number, number[]>();
    const teamsOfUser = new Map<number, Array<{ team: number; joinedMs: number; leftMs: number }>>();
    // A session for every team expects every member of a team that existed by its start and that
    // was in it then: the later of the two beginnings, and the end, sorted, and again two searches.
    const everyTeamFrom: number[] = [];
    const everyTeamUntil: number[] = [];
    const push = (map: Map<number, number[]>, key: number, ms: number) => map.set(key, [...(map.get(key) ?? []), ms]);
    for (const { team_id: team, user_id: user, joined_at: joinedAt, left_at: leftAt } of memberships) {
      const joinedMs = Date.parse(joinedAt);
      const leftMs = leftAt === null ? Infinity : Date.parse(leftAt);
      const fromMs = Math.max(createdMs.get(team) ?? Infinity, joinedMs);
      if (leftMs <= joinedMs) continue;
      push(joinsOf, team, joinedMs);
      if (leftAt !== null) push(leavesOf, team, leftMs);
      teamsOfUser.set(user, [...(teamsOfUser.get(user) ?? []), { team, joinedMs, leftMs }]);
      if (leftMs <= fromMs) continue;
      everyTeamFrom.push(fromMs);
      if (leftAt !== null) everyTeamUntil.push(leftMs);
    }
    for (const instants of [...joinsOf.values(), ...leavesOf.values(), everyTeamFrom, everyTeamUntil])
      instants.sort((a, b) => a - b);
    const byMs = (ms: number) => ms;
    const membersAt = (team: number, ms: number) =>
      countAtOrBefore(joinsOf.get(team) ?? [], ms, byMs) - countAtOrBefore(leavesOf.get(team) ?? [], ms, byMs);
    const everyTeamMembersAt = (ms: number) =>
      countAtOrBefore(everyTeamFrom, ms, byMs) - countAtOrBefore(everyTeamUntil, ms, byMs);
    const attendeesOf = new Map<number, Set<number>>();
    for (const { session_id: session, user_id: user } of pairs) {
      const attendees = attendeesOf.get(session);
      if (attendees) attendees.add(user!);
      else attendeesOf.set(session, new Set([user!]));
    }
    const rangeStarts = ranges.map((range) => dayRangeBounds(range).start);
    const rangeEnd = dayRangeBounds(ranges[ranges.length - 1]).end;
    const expected = ranges.map(() => 0);
    const attended = ranges.map(() => 0);
    for (const session of sessionRows) {
      if (session.start_time < rangeStarts[0] || session.start_time >= rangeEnd) continue;
      // The ranges are consecutive: the session's is the last one starting at or before it.
      const index = countAtOrBefore(rangeStarts, session.start_time, (start) => start) - 1;
      const startMs = Date.parse(session.start_time);
      // Attached to teams: those; for every team: the teams that existed when it started.
      const linked = teamsOfSession.get(session.id);
      const isTeamSession = (team: number) =>
        linked ? linked.includes(team) : startMs >= (createdMs.get(team) ?? Infinity);
      expected[index] += linked
        ? linked.reduce((total, team) => total + membersAt(team, startMs), 0)
        : everyTeamMembersAt(startMs);
      for (const user of attendeesOf.get(session.id) ?? []) {
        for (const { team, joinedMs, leftMs } of teamsOfUser.get(user) ?? [])
          if (joinedMs <= startMs && startMs < leftMs && isTeamSession(team)) attended[index] += 1;
      }
    }
    return ranges.map((_, index) => (expected[index] ? attended[index] / expected[index] : null));
  }

  async function courseLessons(courseId: number) {
    return db
      .selectFrom('lessons')
      .innerJoin('modules', 'modules.id', 'lessons.module_id')
      .select([
        'lessons.id',
        'lessons.name',
        'lessons.video_length',
        'modules.id as module_id',
        'modules.name as module_name',
      ])
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
  async function learning(courseId: number, teamId?: number): Promise<LearningResponse | undefined> {
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
              eb.exists(
                eb
                  .selectFrom('team_members')
                  .select(sql.lit(1).as('one'))
                  .whereRef('team_members.user_id', '=', 'users.id'),
              ),
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
        // A flag: 0/1 on SQLite, boolean on PostgreSQL.
        sql<number>`sum(case when lesson_progress.completed then 1 else 0 end)`.as('completed'),
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
      db
        .selectFrom('lessons')
        .select(sql<number>`count(*)`.as('count'))
        .where(published)
        .executeTakeFirst(),
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
      .sort(
        (a, b) =>
          b.completion_percentage - a.completion_percentage ||
          italianOrder(a.team_name, b.team_name) ||
          a.team_id - b.team_id,
      );
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
    return rows.map((r) => extend(r, { attempts: num(r.attempts) }));
  }

  return {
    participation,
    participationInputs,
    attendanceRates,
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
      return new Map(
        rows.map((r) => [r.session_id, { attendances: num(r.attendances), matched_users: num(r.matched_users) }]),
      );
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
    async resetProgress(actorId: ActorId, lessonId: number, userId: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('lesson_progress')
          .select(['position', 'covered_seconds', 'completed'])
          .where('lesson_id', '=', lessonId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!before) return false;
        await trx
          .deleteFrom('lesson_progress')
          .where('lesson_id', '=', lessonId)
          .where('user_id', '=', userId)
          .execute();
        await audit(trx, now, {
          actorId,
          action: 'reset',
          entityType: 'lesson_progress',
          entityId: lessonId,
          changes: {
            user_id: [userId, null],
            ...changesBetween({ ...before, completed: Boolean(before.completed) }, null),
          },
        });
        return true;
      });
    },

    /**
     * Puts a failed attendance import back in the queue: pending, due now, attempts and reason
     * cleared. Undefined when the session has no import; false when the import has not failed.
     */
    async retryImport(actorId: ActorId, sessionId: number): Promise<ImportState | undefined | false> {
      const current = await db
        .selectFrom('attendance_imports')
        .select('status')
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      if (!current) return undefined;
      if (current.status !== 'failed') return false;
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('attendance_imports')
          .set({
            status: 'pending',
            attempts: 0,
            last_error: null,
            next_attempt_at: null,
            updated_at: new Date(now()).toISOString(),
          })
          .where('session_id', '=', sessionId)
          .where('status', '=', 'failed')
          .executeTakeFirst();
        // Re-queueing is a change staff make: recorded like every other, with the reason it failed.
        if (Number(result.numUpdatedRows) > 0) {
          await audit(trx, now, {
            actorId,
            action: 'import',
            entityType: 'attendance_import',
            entityId: sessionId,
            changes: { status: ['failed', 'pending'] },
          });
        }
      });
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
      const { start: weekStart } = dayRangeBounds({ from: monday, to: monday });
      const { start: nextStart } = dayRangeBounds({ from: nextMonday, to: nextMonday });
      const { end: nextEnd } = dayRangeBounds({ from: nextMonday, to: addDays(nextMonday, 6) });
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
        attendanceRates(months),
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

declare module '../registry.js' {
  interface Repositories {
    reports: ReportsRepository;
  }
}
export const repository = defineRepository('reports', createReportsRepository);
