import type { Db } from '../../db/index.js';
import type { CurrentUser, ExpertSession, ExpertTeam, UserRole, UserTeam } from './schemas.js';
import { extend } from '../../infra/objects.js';

/** A session without an end time counts as running for this long after it starts. */
const OPEN_SESSION_GRACE_MS = 2 * 3600 * 1000;
const EXPERT_SESSIONS_LIMIT = 100;

async function rolesOf(db: Db, userId: number): Promise<UserRole[]> {
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.name'])
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.name')
    .execute();
}

/** The teams the user belongs to, each with its coordinator, in one query. */
async function teamsOf(db: Db, userId: number): Promise<UserTeam[]> {
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .leftJoin('users as owner', 'owner.id', 'teams.owner_id')
    .select([
      'teams.id',
      'teams.name',
      'teams.drive_url',
      'teams.avatar',
      'owner.id as owner_id',
      'owner.name as owner_name',
      'owner.surname as owner_surname',
      'owner.email as owner_email',
      'owner.mobile as owner_mobile',
      'owner.avatar as owner_avatar',
    ])
    .where('team_members.user_id', '=', userId)
    .orderBy('teams.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    drive_url: row.drive_url,
    avatar: row.avatar,
    owner:
      row.owner_id === null
        ? null
        : {
            id: row.owner_id,
            name: row.owner_name ?? '',
            surname: row.owner_surname ?? '',
            email: row.owner_email ?? '',
            mobile: row.owner_mobile,
            avatar: row.owner_avatar,
          },
  }));
}

/** Completed lessons over all lessons of published courses; 0 when there are none. */
async function coursesPercentage(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('lessons')
        .innerJoin('modules', 'modules.id', 'lessons.module_id')
        .innerJoin('courses', 'courses.id', 'modules.course_id')
        .where('courses.published', '=', 1)
        .select((c) => c.fn.countAll().as('n'))
        .as('total'),
      eb
        .selectFrom('lesson_progress')
        .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
        .innerJoin('modules', 'modules.id', 'lessons.module_id')
        .innerJoin('courses', 'courses.id', 'modules.course_id')
        .where('courses.published', '=', 1)
        .where('lesson_progress.user_id', '=', userId)
        .where('lesson_progress.completed', '=', 1)
        .select((c) => c.fn.countAll().as('n'))
        .as('completed'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total ?? 0);
  return total > 0 ? Number(row.completed ?? 0) / total : 0;
}

/** Teams an expert follows (all of them with complete access), with their shared-session count. */
async function expertTeamsOf(db: Db, userId: number, access: 'complete' | 'limited' | null): Promise<ExpertTeam[]> {
  const teamsQuery =
    access === 'complete'
      ? db.selectFrom('teams').select(['teams.id', 'teams.name', 'teams.avatar'])
      : db
          .selectFrom('expert_teams')
          .innerJoin('teams', 'teams.id', 'expert_teams.team_id')
          .select(['teams.id', 'teams.name', 'teams.avatar'])
          .where('expert_teams.user_id', '=', userId);
  const [teams, counts] = await Promise.all([
    teamsQuery.orderBy('teams.name').execute(),
    db
      .selectFrom('session_experts')
      .innerJoin('session_teams', 'session_teams.session_id', 'session_experts.session_id')
      .select(['session_teams.team_id', (eb) => eb.fn.countAll().as('n')])
      .where('session_experts.user_id', '=', userId)
      .groupBy('session_teams.team_id')
      .execute(),
  ]);
  const countByTeam = new Map(counts.map((c) => [c.team_id, Number(c.n)]));
  return teams.map((team) => extend(team, { sessions_as_expert: countByTeam.get(team.id) ?? 0 }));
}

/** The expert's sessions that have not ended yet, soonest first, each with its teams. */
async function expertSessionsOf(db: Db, userId: number, now: Date): Promise<ExpertSession[]> {
  const nowIso = now.toISOString();
  const graceIso = new Date(now.getTime() - OPEN_SESSION_GRACE_MS).toISOString();
  const sessions = await db
    .selectFrom('session_experts')
    .innerJoin('sessions', 'sessions.id', 'session_experts.session_id')
    .select(['sessions.id', 'sessions.name', 'sessions.start_time'])
    .where('session_experts.user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('sessions.start_time', '>=', nowIso),
        eb('sessions.end_time', '>=', nowIso),
        eb.and([eb('sessions.end_time', 'is', null), eb('sessions.start_time', '>=', graceIso)]),
      ]),
    )
    .orderBy('sessions.start_time')
    .orderBy('sessions.id')
    .limit(EXPERT_SESSIONS_LIMIT)
    .execute();
  if (!sessions.length) return [];
  const links = await db
    .selectFrom('session_teams')
    .innerJoin('teams', 'teams.id', 'session_teams.team_id')
    .select(['session_teams.session_id', 'teams.id', 'teams.name'])
    .where(
      'session_teams.session_id',
      'in',
      sessions.map((s) => s.id),
    )
    .orderBy('teams.name')
    .execute();
  const teamsBySession = new Map<number, Array<{ id: number; name: string }>>();
  for (const link of links) {
    const list = teamsBySession.get(link.session_id) ?? [];
    list.push({ id: link.id, name: link.name });
    teamsBySession.set(link.session_id, list);
  }
  return sessions.map((s) => extend(s, { teams: teamsBySession.get(s.id) ?? [] }));
}

/** Everything GET /api/user answers, in a fixed number of queries whatever the user's size. */
export async function loadCurrentUser(db: Db, userId: number, now = new Date()): Promise<CurrentUser | null> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'name',
      'surname',
      'email',
      'tax_id',
      'birthdate',
      'created_at',
      'avatar',
      'mobile',
      'is_expert',
      'expert_access',
      'mooc_access',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const isExpert = Boolean(user.is_expert);
  const [roles, teams, percentage, teamsAsExpert, sessionsAsExpert] = await Promise.all([
    rolesOf(db, userId),
    teamsOf(db, userId),
    coursesPercentage(db, userId),
    isExpert ? expertTeamsOf(db, userId, user.expert_access) : Promise.resolve([]),
    isExpert ? expertSessionsOf(db, userId, now) : Promise.resolve([]),
  ]);
  return {
    ...user,
    is_expert: isExpert,
    mooc_access: Boolean(user.mooc_access),
    courses_percentage: percentage,
    roles,
    teams,
    teams_as_expert: teamsAsExpert,
    sessions_as_expert: sessionsAsExpert,
  };
}
