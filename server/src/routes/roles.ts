import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { AuthContext } from '../plugins/auth.js';
import { authOf, WILDCARD_PERMISSION } from '../plugins/auth.js';
import { FieldErrorBag, notFound } from '../lib/errors.js';
import { requiredMessage } from '../lib/field-labels.js';
import { filterValue, ilike, listMeta, pageParams } from '../lib/listing.js';
import { groupBy } from '../lib/presenters-teams.js';
import { PERMISSIONS, type PermissionName } from '../permissions.js';
import { IdParams, ListQuery } from '../schemas/common.js';
import { RoleBody, type RoleResource } from '../schemas/role.js';

type RoleRow = { id: number; name: string; description: string; created_at: string };

/** Descriptions come from the catalogue, like GET /api/permissions. */
async function presentRoles(db: Db, rows: RoleRow[]): Promise<RoleResource[]> {
  if (!rows.length) return [];
  const links = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission_name'])
    .where('role_id', 'in', rows.map((r) => r.id))
    .orderBy('permission_name')
    .execute();
  const permissionsOf = groupBy(links, (l) => l.role_id);
  return rows.map((r) => ({
    ...r,
    permissions: (permissionsOf.get(r.id) ?? []).map(({ permission_name: name }) => ({
      name,
      description: PERMISSIONS[name as PermissionName] ?? name,
    })),
  }));
}

async function findRole(db: Db, id: number): Promise<RoleRow> {
  const role = await db.selectFrom('roles').select(['id', 'name', 'description', 'created_at']).where('id', '=', id).executeTakeFirst();
  if (!role) throw notFound('Ruolo');
  return role;
}

async function permissionsOfRole(db: Db, id: number): Promise<string[]> {
  const rows = await db.selectFrom('role_permissions').select('permission_name').where('role_id', '=', id).execute();
  return rows.map((r) => r.permission_name);
}

/**
 * Validates a role body against the catalogue of SPEC §6. "developer" passes every check, so only
 * a developer may add it to a role or take it away.
 */
async function checkRole(db: Db, auth: AuthContext, body: RoleBody, roleId: number | null) {
  const bag = new FieldErrorBag();
  const name = body.name.trim();
  const description = body.description.trim();
  if (!name) bag.add('name', requiredMessage('name'));
  if (!description) bag.add('description', requiredMessage('description'));
  const permissions = [...new Set(body.permissions ?? [])];
  const unknown = permissions.filter((p) => !(p in PERMISSIONS));
  if (unknown.length) bag.add('permissions', `Permessi sconosciuti: ${unknown.join(', ')}.`);
  const before = roleId === null ? [] : await permissionsOfRole(db, roleId);
  const touchesDeveloper = before.includes(WILDCARD_PERMISSION) !== permissions.includes(WILDCARD_PERMISSION);
  if (touchesDeveloper && !auth.permissions.has(WILDCARD_PERMISSION)) {
    bag.add('permissions', 'Solo uno sviluppatore può assegnare o togliere il permesso developer.');
  }
  if (name) {
    let same = db.selectFrom('roles').select('id').where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
    if (roleId !== null) same = same.where('id', '<>', roleId);
    if (await same.executeTakeFirst()) bag.add('name', 'Esiste già un ruolo con questo nome.');
  }
  bag.throwIfAny();
  return { name, description, permissions: permissions as PermissionName[] };
}

/** Permission rows follow the catalogue: any missing one is created before it is linked. */
async function savePermissions(db: Db, roleId: number, permissions: PermissionName[]): Promise<void> {
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
}

export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  /** Roles are few and shown as a card grid: all of them unless `page`/`per_page` is given. */
  r.get('/roles', { preHandler: app.requirePermission('read_roles'), schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query;
    let q = app.db.selectFrom('roles').select(['id', 'name', 'description', 'created_at']);
    const name = filterValue(query, 'name') ?? filterValue(query, 'search');
    if (name) q = q.where(ilike('roles.name', name));
    const paged = query.page !== undefined || query.per_page !== undefined;
    const total = Number((await q.clearSelect().select(sql<number>`count(*)`.as('count')).executeTakeFirst())?.count ?? 0);
    const { page, perPage } = paged ? pageParams(query) : { page: 1, perPage: Math.max(total, 1) };
    const rows = await q.orderBy('name').orderBy('id').limit(perPage).offset((page - 1) * perPage).execute();
    return { data: await presentRoles(app.db, rows), meta: listMeta(total, page, perPage) };
  });

  r.get('/roles/:id', { preHandler: app.requirePermission('read_roles'), schema: { params: IdParams } }, async (request) => {
    const [data] = await presentRoles(app.db, [await findRole(app.db, request.params.id)]);
    return { data };
  });

  r.post('/roles', { preHandler: app.requirePermission('create_roles'), schema: { body: RoleBody } }, async (request, reply) => {
    const values = await checkRole(app.db, authOf(request), request.body, null);
    const created = await app.db
      .insertInto('roles')
      .values({ name: values.name, description: values.description, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await savePermissions(app.db, created.id, values.permissions);
    reply.status(201);
    const [data] = await presentRoles(app.db, [await findRole(app.db, created.id)]);
    return { data };
  });

  r.put(
    '/roles/:id',
    { preHandler: app.requirePermission('edit_roles'), schema: { params: IdParams, body: RoleBody } },
    async (request) => {
      const { id } = request.params;
      await findRole(app.db, id);
      const values = await checkRole(app.db, authOf(request), request.body, id);
      await app.db.updateTable('roles').set({ name: values.name, description: values.description }).where('id', '=', id).execute();
      await savePermissions(app.db, id, values.permissions);
      const [data] = await presentRoles(app.db, [await findRole(app.db, id)]);
      return { data };
    },
  );

  r.delete('/roles/:id', { preHandler: app.requirePermission('delete_roles'), schema: { params: IdParams } }, async (request) => {
    const { id } = request.params;
    const role = await findRole(app.db, id);
    const auth = authOf(request);
    if ((await permissionsOfRole(app.db, id)).includes(WILDCARD_PERMISSION) && !auth.permissions.has(WILDCARD_PERMISSION)) {
      new FieldErrorBag().add('permissions', 'Solo uno sviluppatore può eliminare un ruolo con il permesso developer.').throwIfAny();
    }
    await app.db.deleteFrom('roles').where('id', '=', id).execute();
    return { data: role };
  });
}
