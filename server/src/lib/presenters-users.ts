import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/schema.js';
import type { ExpertResource } from '../schemas/expert.js';
import type { AdminUser } from '../schemas/user-admin.js';
import { groupBy } from './presenters-teams.js';

/** Completed lessons of published courses over all their lessons, per user (0..1). */
async function coursesPercentage(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const totalRow = await db
    .selectFrom('lessons')
    .innerJoin('modules', 'modules.id', 'lessons.module_id')
    .innerJoin('courses', 'courses.id', 'modules.course_id')
    .select(sql<number>`count(*)`.as('count'))
    .where('courses.published', '=', 1)
    .executeTakeFirst();
  const total = Number(totalRow?.count ?? 0);
  if (!total) return new Map();
  const done = await db
    .selectFrom('lesson_progress')
    .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
    .innerJoin('modules', 'modules.id', 'lessons.module_id')
    .innerJoin('courses', 'courses.id', 'modules.course_id')
    .select(['lesson_progress.user_id', sql<number>`count(*)`.as('count')])
    .where('lesson_progress.user_id', 'in', userIds)
    .where('lesson_progress.completed', '=', 1)
    .where('courses.published', '=', 1)
    .groupBy('lesson_progress.user_id')
    .execute();
  return new Map(done.map((d) => [d.user_id, Math.min(1, Number(d.count) / total)]));
}

/** Users with roles, teams and course progress: one query per relation for the whole page. */
export async function presentAdminUsers(db: Db, rows: UserRow[]): Promise<AdminUser[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [roles, teams, percentages] = await Promise.all([
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.id', 'roles.name'])
      .where('user_roles.user_id', 'in', ids)
      .orderBy('roles.name')
      .execute(),
    db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select(['team_members.user_id', 'teams.id', 'teams.name', 'teams.avatar', 'teams.drive_url', 'teams.owner_id'])
      .where('team_members.user_id', 'in', ids)
      .orderBy('teams.name')
      .execute(),
    coursesPercentage(db, ids),
  ]);
  const rolesOf = groupBy(roles, (r) => r.user_id);
  const teamsOf = groupBy(teams, (t) => t.user_id);
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    tax_id: u.tax_id,
    birthdate: u.birthdate,
    created_at: u.created_at,
    avatar: u.avatar,
    mobile: u.mobile,
    is_expert: Boolean(u.is_expert),
    expert_access: u.is_expert ? u.expert_access : null,
    mooc_access: Boolean(u.mooc_access),
    courses_percentage: percentages.get(u.id) ?? 0,
    roles: (rolesOf.get(u.id) ?? []).map(({ id, name }) => ({ id, name })),
    teams: (teamsOf.get(u.id) ?? []).map(({ id, name, avatar, drive_url, owner_id }) => ({ id, name, avatar, drive_url, owner_id })),
  }));
}

/** Experts with the teams they follow: one query for the whole page. */
export async function presentExperts(db: Db, rows: UserRow[]): Promise<ExpertResource[]> {
  if (!rows.length) return [];
  const teams = await db
    .selectFrom('expert_teams')
    .innerJoin('teams', 'teams.id', 'expert_teams.team_id')
    .select(['expert_teams.user_id', 'teams.id', 'teams.name'])
    .where('expert_teams.user_id', 'in', rows.map((r) => r.id))
    .orderBy('teams.name')
    .execute();
  const teamsOf = groupBy(teams, (t) => t.user_id);
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    tax_id: u.tax_id,
    mobile: u.mobile,
    avatar: u.avatar,
    is_expert: Boolean(u.is_expert),
    expert_access: u.expert_access,
    created_at: u.created_at,
    teams: (teamsOf.get(u.id) ?? []).map(({ id, name }) => ({ id, name })),
  }));
}
