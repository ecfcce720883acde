import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { ilike, filterValue, type ListParams } from '../lib/listing.js';
import { PERMISSIONS, type PermissionName } from '../permissions.js';
import { listPage } from './list.js';
import { groupBy, isoNow, type Clock } from './shared.js';

export type RoleRow = { id: number; name: string; description: string; created_at: string };
/** A role with the names of the permissions it grants. */
export type RoleWithPermissions = RoleRow & { permissions: string[] };

const ROLE_COLUMNS = ['roles.id', 'roles.name', 'roles.description', 'roles.created_at'] as const;

/** Every query on roles and the permissions they grant. */
export function createRolesRepository(db: Db, now: Clock) {
  async function withPermissions(rows: RoleRow[]): Promise<RoleWithPermissions[]> {
    if (!rows.length) return [];
    const links = await db
      .selectFrom('role_permissions')
      .select(['role_id', 'permission_name'])
      .where('role_id', 'in', rows.map((r) => r.id))
      .orderBy('permission_name')
      .execute();
    const permissionsOf = groupBy(links, (l) => l.role_id);
    return rows.map((r) => ({ ...r, permissions: (permissionsOf.get(r.id) ?? []).map((l) => l.permission_name) }));
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
      const rows = await db.selectFrom('role_permissions').select('permission_name').where('role_id', '=', roleId).execute();
      return rows.map((r) => r.permission_name);
    },

    /** Another role (not `exceptId`) has this name, compared case-insensitively. */
    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      let same = db.selectFrom('roles').select('id').where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
      if (exceptId !== null) same = same.where('id', '<>', exceptId);
      return Boolean(await same.executeTakeFirst());
    },

    async create(values: { name: string; description: string }): Promise<number> {
      const created = await db
        .insertInto('roles')
        .values({ ...values, created_at: isoNow(now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    },

    async update(id: number, values: { name: string; description: string }): Promise<void> {
      await db.updateTable('roles').set(values).where('id', '=', id).execute();
    },

    /** Replaces the role's permissions; rows missing from the catalogue table are created first. */
    async setPermissions(roleId: number, permissions: PermissionName[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (permissions.length) {
          await trx
            .insertInto('permissions')
            .values(permissions.map((name) => ({ name, description: PERMISSIONS[name] })))
            .onConflict((oc) => oc.column('name').doNothing())
            .execute();
        }
        await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
        if (permissions.length) {
          await trx.insertInto('role_permissions').values(permissions.map((permission_name) => ({ role_id: roleId, permission_name }))).execute();
        }
      });
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('roles').where('id', '=', id).execute();
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
