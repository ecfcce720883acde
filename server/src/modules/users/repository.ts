import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Database, UserRow } from '../../db/schema.js';
import { WILDCARD_PERMISSION } from '../../access/can.js';
import { loadCurrentUser } from '../me/current-user.js';
import { countCacheOf } from '../../infra/count-cache.js';
import { rowCount } from '../../infra/row-counts.js';
import { ilike, type ListParams } from '../../http/listing.js';
import { staffFilter, userSearch } from '../../http/search-filters.js';
import { listPage, UnfilteredPages, type ListSpec } from '../list.js';
import { preparedSelect } from '../../db/prepared.js';
import { groupBy, isoNow, type Clock } from '../shared.js';
import { audit, changesBetween, idsChange, type ActorId } from '../audit/repository.js';
import { defineRepository } from '../registry.js';
import { extend } from '../../infra/objects.js';
import { erasePersonalData } from '../privacy/erasure.js';

/** A user with what the back-office shows: roles, teams and progress in the published courses. */
export type UserWithRelations = UserRow & {
  roles: Array<{ id: number; name: string }>;
  teams: Array<{ id: number; name: string; avatar: string | null; drive_url: string | null; owner_id: number | null }>;
  /** Completed lessons of published courses over all their lessons (0..1). */
  courses_percentage: number;
};

export const USER_SORTS = {
  created_at: 'users.created_at',
  name: 'users.name',
  surname: 'users.surname',
  email: 'users.email',
  id: 'users.id',
};

/** Every query on users, their roles and their course access. */
export function createUsersRepository(db: Db, now: Clock) {
  const counts = countCacheOf(db);

  async function findById(id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  const unfilteredPages = new UnfilteredPages(db);
  /** Kysely's builders never change: the list's base query is built once. */
  const listQuery = db.selectFrom('users').selectAll('users');
  /** The list's filters and sorts; each request adds its staff filter (`where`). */
  const listSpec: ListSpec<Database, 'users'> = {
    filters: { search: userSearch, email: (term) => ilike('users.email', term) },
    ids: 'users.id',
    sort: { allowed: USER_SORTS, default: '-created_at' },
    tieBreaker: { column: 'users.id' },
    counts,
    unfiltered: unfilteredPages,
    unfilteredCount: () => rowCount(db, 'users'),
  };
  const publishedLessonsQuery = db
    .selectFrom('lessons')
    .innerJoin('modules', 'modules.id', 'lessons.module_id')
    .innerJoin('courses', 'courses.id', 'modules.course_id')
    .select(sql<number>`count(*)`.as('count'))
    .where('courses.published', '=', 1);
  const publishedLessonsKey = publishedLessonsQuery.compile();
  const countPublishedLessons = preparedSelect(db, () => publishedLessonsQuery);
  const runPublishedLessons = async () => Number((await countPublishedLessons())[0]?.count ?? 0);
  /** The lessons of the published courses, kept with the list totals until the database changes. */
  const publishedLessons = () =>
    counts ? counts.count(publishedLessonsKey, runPublishedLessons) : runPublishedLessons();
  const completedLessons = preparedSelect(db, (userIds: number[]) =>
    db
      .selectFrom('lesson_progress')
      .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
      .innerJoin('modules', 'modules.id', 'lessons.module_id')
      .innerJoin('courses', 'courses.id', 'modules.course_id')
      .select(['lesson_progress.user_id', sql<number>`count(*)`.as('count')])
      .where('lesson_progress.user_id', 'in', userIds)
      .where('lesson_progress.completed', '=', 1)
      .where('courses.published', '=', 1)
      .groupBy('lesson_progress.user_id'),
  );
  const rolesOfUsers = preparedSelect(db, (userIds: number[]) =>
    db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'roles.id', 'roles.name'])
      .where('user_roles.user_id', 'in', userIds)
      .orderBy('roles.name'),
  );
  const teamsOfUsers = preparedSelect(db, (userIds: number[]) =>
    db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select(['team_members.user_id', 'teams.id', 'teams.name', 'teams.avatar', 'teams.drive_url', 'teams.owner_id'])
      .where('team_members.user_id', 'in', userIds)
      .orderBy('teams.name'),
  );

  /** Completed lessons of published courses over all their lessons, per user (0..1). */
  async function coursesPercentage(userIds: number[]): Promise<Map<number, number>> {
    const [total, done] = await Promise.all([publishedLessons(), completedLessons(userIds)]);
    if (!total) return new Map();
    return new Map(done.map((d) => [d.user_id, Math.min(1, Number(d.count) / total)]));
  }

  /** Roles, teams and course progress: one query per relation for the whole page. */
  async function withRelations(rows: UserRow[]): Promise<UserWithRelations[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [roles, teams, percentages] = await Promise.all([
      rolesOfUsers(ids),
      teamsOfUsers(ids),
      coursesPercentage(ids),
    ]);
    const rolesOf = groupBy(roles, (r) => r.user_id);
    const teamsOf = groupBy(teams, (t) => t.user_id);
    // The rows are this read's own: the relations go onto them rather than onto copies.
    return rows.map((u) =>
      Object.assign(u, {
        roles: (rolesOf.get(u.id) ?? []).map(({ id, name }) => ({ id, name })),
        teams: (teamsOf.get(u.id) ?? []).map(({ id, name, avatar, drive_url, owner_id }) => ({
          id,
          name,
          avatar,
          drive_url,
          owner_id,
        })),
        courses_percentage: percentages.get(u.id) ?? 0,
      }),
    );
  }

  async function roleIdsOf(userId: number): Promise<number[]> {
    return (await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()).map(
      (r) => r.role_id,
    );
  }

  return {
    findById,
    roleIdsOf,

    /**
     * `filter[search]` (name, surname, e-mail, tax id), `filter[developer]` (staff or not),
     * `filter[email]`, `filter[id]`; newest first by default.
     */
    async list(params: ListParams) {
      const { rows, meta } = await listPage(listQuery, params, extend(listSpec, { where: [staffFilter(params)] }));
      return { rows: await withRelations(rows), meta };
    },

    /** The user with roles, teams and course progress; undefined when it does not exist. */
    async findDetail(id: number): Promise<UserWithRelations | undefined> {
      const user = await findById(id);
      return user ? (await withRelations([user]))[0] : undefined;
    },

    /** The signed-in user as GET /api/user shows them (see auth/current-user); null when gone. */
    current: (id: number) => loadCurrentUser(db, id, new Date(now())),

    async exists(id: number): Promise<boolean> {
      return Boolean(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
    },

    async isExpert(id: number): Promise<boolean> {
      const user = await db.selectFrom('users').select('is_expert').where('id', '=', id).executeTakeFirst();
      return Boolean(user?.is_expert);
    },

    /** Some user already has this e-mail, compared case-insensitively. */
    async emailTaken(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
        .executeTakeFirst();
      return Boolean(row);
    },

    async create(
      actorId: ActorId,
      values: { name: string; surname: string; email: string; tax_id: string | null; birthdate: string | null },
    ): Promise<number> {
      const at = isoNow(now);
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('users')
          .values({ ...values, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, now, {
          actorId,
          action: 'create',
          entityType: 'user',
          entityId: created.id,
          changes: changesBetween(null, values),
        });
        return created.id;
      });
    },

    /** Replaces the user's roles. */
    async setRoles(actorId: ActorId, userId: number, roleIds: number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const current = (
          await trx.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()
        ).map((r) => r.role_id);
        const change = idsChange(current, roleIds);
        if (!change) return;
        await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
        if (roleIds.length)
          await trx
            .insertInto('user_roles')
            .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
            .execute();
        await audit(trx, now, {
          actorId,
          action: 'update',
          entityType: 'user',
          entityId: userId,
          changes: { roles: change },
        });
      });
    },

    /** Whether any of the roles grants "developer". */
    async anyDeveloperRole(roleIds: number[]): Promise<boolean> {
      if (!roleIds.length) return false;
      const row = await db
        .selectFrom('role_permissions')
        .select('role_id')
        .where('role_id', 'in', roleIds)
        .where('permission_name', '=', WILDCARD_PERMISSION)
        .executeTakeFirst();
      return Boolean(row);
    },

    async setMoocAccess(actorId: ActorId, userId: number, moocAccess: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select('mooc_access').where('id', '=', userId).executeTakeFirst();
        await trx
          .updateTable('users')
          .set({ mooc_access: moocAccess ? 1 : 0, updated_at: isoNow(now) })
          .where('id', '=', userId)
          .execute();
        const was = before ? Boolean(before.mooc_access) : null;
        if (was !== moocAccess)
          await audit(trx, now, {
            actorId,
            action: 'update',
            entityType: 'user',
            entityId: userId,
            changes: { mooc_access: [was, moocAccess] },
          });
      });
    },

    /**
     * Deletes the user; every relation cascades, and what outlives the account (the audit trail,
     * attendances, accessibility reports) loses their personal data first (privacy/erasure.ts).
     */
    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) return;
        const roles = (await trx.selectFrom('user_roles').select('role_id').where('user_id', '=', id).execute()).map(
          (r) => r.role_id,
        );
        const changes = changesBetween(
          { ...before, is_expert: Boolean(before.is_expert), mooc_access: Boolean(before.mooc_access) },
          null,
          ['name', 'surname', 'email', 'tax_id', 'birthdate', 'mobile', 'is_expert', 'expert_access', 'mooc_access'],
        );
        if (roles.length) changes.roles = [roles.sort((a, b) => a - b), []];
        await audit(trx, now, { actorId, action: 'delete', entityType: 'user', entityId: id, changes });
        await erasePersonalData(trx, now, before, actorId);
        await trx.deleteFrom('users').where('id', '=', id).execute();
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module '../registry.js' {
  interface Repositories {
    users: UsersRepository;
  }
}
export const repository = defineRepository('users', createUsersRepository);
