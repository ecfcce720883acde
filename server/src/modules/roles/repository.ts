import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { ilike, filterValue, WHOLE_LIST_PER_PAGE, type ListParams } from '../../http/listing.js';
import { PERMISSIONS, type PermissionName } from '../../access/permissions.js';
import { listPage } from '../list.js';
import { groupBy, isoNow, type Clock } from '../shared.js';
import { audit, changesBetween, type AuditChanges, type ActorId } from '../audit/repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defineRepository } from '../registry.js';
import { extend } from '../../infra/objects.js';

export type RoleRow = { id: number; name: string; description: string; created_at: string };
/** A role with the names of the permissions it grants and how many users hold it. */
export type RoleWithPermissions = RoleRow & { permissions: string[]; users_count: number };

const ROLE_COLUMNS = ['roles.id', 'roles.name', 'roles.description', 'roles.created_at'] as const;

/** Every query on roles and the permissions they grant. */
/**
 * Replaces a role's permissions (creating catalogue rows that are missing) with `trx`; answers the
 * `[before, after]` names, or null when they did not change.
 */
async function replacePermissions(
  trx: Kysely<Database>,
  roleId: number,
  permissions: PermissionName[],
): Promise<[string[], string[]] | null> {
  const before = (
    await trx.selectFrom('role_permissions').select('permission_name').where('role_id', '=', roleId).execute()
  )
    .map((p) => p.permission_name)
    .sort();
  const after = [...new Set<string>(permissions)].sort();
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  if (permissions.length) {
    await trx
      .insertInto('permissions')
      .values(permissions.map((name) => ({ name, description: PERMISSIONS[name] })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (after.length)
    await trx
      .insertInto('role_permissions')
      .values(after.map((permission_name) => ({ role_id: roleId, permission_name })))
      .execute();
  return [before, after];
}

export function createRolesRepository(db: Db, now: Clock) {
  /** Permissions and holder counts: two queries for the whole page. */
  async function withPermissions(rows: RoleRow[]): Promise<RoleWithPermissions[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [links, holders] = await Promise.all([
      db
        .selectFrom('role_permissions')
        .select(['role_id', 'permission_name'])
        .where('role_id', 'in', ids)
        .orderBy('permission_name')
        .execute(),
      db
        .selectFrom('user_roles')
        .select(['role_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('role_id', 'in', ids)
        .groupBy('role_id')
        .execute(),
    ]);
    const permissionsOf = groupBy(links, (l) => l.role_id);
    // PostgreSQL answers count() as a bigint string.
    const holdersOf = new Map(holders.map((h) => [h.role_id, Number(h.count)]));
    return rows.map((r) =>
      extend(r, {
        permissions: (permissionsOf.get(r.id) ?? []).map((l) => l.permission_name),
        users_count: holdersOf.get(r.id) ?? 0,
      }),
    );
  }

  async function findById(id: number): Promise<RoleRow | undefined> {
    return db.selectFrom('roles').select(ROLE_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  return {
    findById,

    /**
     * Roles are few and shown as a card grid: all of them, by name, unless `page`/`per_page` is
     * given. `filter[name]` (or `filter[search]`) matches the name.
     */
    async list(params: ListParams) {
      const name = filterValue(params, 'name') ?? filterValue(params, 'search');
      const { rows, meta } = await listPage(db.selectFrom('roles').select(ROLE_COLUMNS), params, {
        where: [name ? ilike('roles.name', name) : undefined],
        ids: 'roles.id',
        sort: { fixed: [{ column: 'roles.name', direction: 'asc' }] },
        tieBreaker: { column: 'roles.id', direction: 'asc' },
        perPage: 'all',
        maxPerPage: WHOLE_LIST_PER_PAGE,
      });
      return { rows: await withPermissions(rows), meta };
    },

    /** The role with its permissions; undefined when it does not exist. */
    async findDetail(id: number): Promise<RoleWithPermissions | undefined> {
      const role = await findById(id);
      return role ? (await withPermissions([role]))[0] : undefined;
    },

    /** Which of the ids are existing roles. */
    async existingIds(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      return (await db.selectFrom('roles').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
    },

    async permissionNames(roleId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('role_permissions')
        .select('permission_name')
        .where('role_id', '=', roleId)
        .execute();
      return rows.map((r) => r.permission_name);
    },

    /** The permissions the roles grant, each once. */
    async permissionNamesOf(roleIds: number[]): Promise<string[]> {
      if (!roleIds.length) return [];
      const rows = await db
        .selectFrom('role_permissions')
        .select('permission_name')
        .distinct()
        .where('role_id', 'in', roleIds)
        .execute();
      return rows.map((r) => r.permission_name);
    },

    /** Another role (not `exceptId`) has this name, compared case-insensitively. */
    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      let same = db
        .selectFrom('roles')
        .select('id')
        .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
      if (exceptId !== null) same = same.where('id', '<>', exceptId);
      return Boolean(await same.executeTakeFirst());
    },

    /** A new role with its permissions, in one transaction (one audit record). */
    async create(
      actorId: ActorId,
      values: { name: string; description: string },
      permissions: PermissionName[] = [],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('roles')
          .values({ ...values, created_at: isoNow(now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        const changes = changesBetween(null, values, ['name', 'description']);
        const granted = await replacePermissions(trx, created.id, permissions);
        if (granted) changes.permissions = granted;
        await audit(trx, now, { actorId, action: 'create', entityType: 'role', entityId: created.id, changes });
        return created.id;
      });
    },

    /** Name, description and (when given) the permissions, in one transaction (one audit record). */
    async update(
      actorId: ActorId,
      id: number,
      values: { name: string; description: string },
      permissions?: PermissionName[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('roles')
          .select(['name', 'description'])
          .where('id', '=', id)
          .executeTakeFirst();
        await trx.updateTable('roles').set(values).where('id', '=', id).execute();
        const changes = changesBetween(before, values, ['name', 'description']);
        const granted = permissions ? await replacePermissions(trx, id, permissions) : null;
        if (granted) changes.permissions = granted;
        await audit(trx, now, { actorId, action: 'update', entityType: 'role', entityId: id, changes });
      });
    },

    /** Replaces the role's permissions; rows missing from the catalogue table are created first. */
    async setPermissions(actorId: ActorId, roleId: number, permissions: PermissionName[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const granted = await replacePermissions(trx, roleId, permissions);
        if (granted)
          await audit(trx, now, {
            actorId,
            action: 'update',
            entityType: 'role',
            entityId: roleId,
            changes: { permissions: granted },
          });
      });
    },

    async delete(actorId: ActorId, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('roles')
          .select(['name', 'description'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before) return;
        const held = (
          await trx.selectFrom('role_permissions').select('permission_name').where('role_id', '=', id).execute()
        )
          .map((p) => p.permission_name)
          .sort();
        const changes: AuditChanges = changesBetween(before, null, ['name', 'description']);
        if (held.length) changes.permissions = [held, []];
        await trx.deleteFrom('roles').where('id', '=', id).execute();
        await audit(trx, now, { actorId, action: 'delete', entityType: 'role', entityId: id, changes });
      });
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;

declare module '../registry.js' {
  interface Repositories {
    roles: RolesRepository;
  }
}
export const repository = defineRepository('roles', createRolesRepository);
