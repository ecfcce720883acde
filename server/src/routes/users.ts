import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { authOf, can, WILDCARD_PERMISSION } from '../plugins/auth.js';
import { FieldErrorBag, notFound, validationFailed } from '../lib/errors.js';
import { filterValue, ilike, paginate, parseSort } from '../lib/listing.js';
import { countCacheOf } from '../lib/count-cache.js';
import { idsFilter, staffFilter, userSearch } from '../lib/search-filters.js';
import { blankFields } from '../lib/blank-fields.js';
import { requiredMessage } from '../lib/field-labels.js';
import { presentAdminUsers } from '../lib/presenters-users.js';
import { IdParams, ListQuery } from '../schemas/common.js';
import { UserCreateBody, UserMoocBody, UserRolesBody } from '../schemas/user-admin.js';

const USER_SORTS = { created_at: 'users.created_at', name: 'users.name', surname: 'users.surname', email: 'users.email', id: 'users.id' };
const EMAIL_TAKEN = "L'indirizzo email è già in uso.";

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

async function findUser(db: Db, id: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound('Utente');
  return user;
}

async function presentOne(db: Db, id: number) {
  const [data] = await presentAdminUsers(db, [await findUser(db, id)]);
  return data;
}

/** Roles granting "developer" pass every check: only developers may hand them out or take them away. */
async function developerRoleIds(db: Db, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectFrom('role_permissions')
    .select('role_id')
    .where('role_id', 'in', roleIds)
    .where('permission_name', '=', WILDCARD_PERMISSION)
    .execute();
  return rows.map((r) => r.role_id);
}

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const counts = countCacheOf(app.db);

  r.get('/users', { preHandler: app.requirePermission('read_users'), schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query;
    let q = app.db.selectFrom('users').selectAll('users');
    const search = filterValue(query, 'search');
    if (search) q = q.where(userSearch(search));
    const staff = staffFilter(query);
    if (staff) q = q.where(staff);
    const email = filterValue(query, 'email');
    if (email) q = q.where(ilike('users.email', email));
    const ids = idsFilter(query);
    if (ids) q = ids.length ? q.where('users.id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
    const sort = parseSort(query.sort, USER_SORTS, '-created_at');
    const { rows, meta } = await paginate(q, query, [...sort, { column: 'users.id', direction: sort[0].direction }], counts);
    return { data: await presentAdminUsers(app.db, rows), meta };
  });

  r.get('/users/:id', { preHandler: app.requirePermission('read_users'), schema: { params: IdParams } }, async (request) => {
    return { data: await presentOne(app.db, request.params.id) };
  });

  r.post(
    '/users',
    {
      preHandler: app.requirePermission('create_users'),
      preValidation: blankFields({ required: ['name', 'surname', 'email'], optional: ['tax_id', 'birthdate'] }),
      schema: { body: UserCreateBody },
    },
    async (request, reply) => {
      const body = request.body;
      const bag = new FieldErrorBag();
      const name = body.name.trim();
      const surname = body.surname.trim();
      const email = body.email.trim().toLowerCase();
      if (!name) bag.add('name', requiredMessage('name'));
      if (!surname) bag.add('surname', requiredMessage('surname'));
      const taxId = body.tax_id ? body.tax_id.replace(/\s+/g, '').toUpperCase() : null;
      if (taxId && !/^[A-Z0-9]{11,16}$/.test(taxId)) bag.add('tax_id', 'Il codice fiscale non è valido.');
      const birthdate = body.birthdate ? body.birthdate.slice(0, 10) : null;
      if (birthdate && birthdate > new Date().toISOString().slice(0, 10)) {
        bag.add('birthdate', 'La data di nascita non può essere nel futuro.');
      }
      const taken = await app.db
        .selectFrom('users')
        .select('id')
        .where(sql<boolean>`lower(email) = ${email}`)
        .executeTakeFirst();
      if (taken) bag.add('email', EMAIL_TAKEN);
      bag.throwIfAny();
      const now = new Date().toISOString();
      let id: number;
      try {
        const created = await app.db
          .insertInto('users')
          .values({ name, surname, email, tax_id: taxId, birthdate, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = created.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw validationFailed({ email: [EMAIL_TAKEN] });
        throw error;
      }
      reply.status(201);
      return { data: await presentOne(app.db, id) };
    },
  );

  r.put(
    '/users/:id/roles',
    { preHandler: app.requirePermission('update_roles'), schema: { params: IdParams, body: UserRolesBody } },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      await findUser(app.db, id);
      const wanted = [...new Set(request.body.roles)];
      if (wanted.length) {
        const found = await app.db.selectFrom('roles').select('id').where('id', 'in', wanted).execute();
        if (found.length !== wanted.length) throw validationFailed({ roles: ['Uno o più ruoli selezionati non esistono.'] });
      }
      const current = (await app.db.selectFrom('user_roles').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id);
      const changed = [...wanted.filter((x) => !current.includes(x)), ...current.filter((x) => !wanted.includes(x))];
      if ((await developerRoleIds(app.db, changed)).length && !auth.permissions.has(WILDCARD_PERMISSION)) {
        throw validationFailed({ roles: ['Solo uno sviluppatore può assegnare o togliere ruoli con il permesso developer.'] });
      }
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
        if (wanted.length) await trx.insertInto('user_roles').values(wanted.map((role_id) => ({ user_id: id, role_id }))).execute();
      });
      return { data: await presentOne(app.db, id) };
    },
  );

  r.put(
    '/users/:id/mooc',
    { preHandler: app.requirePermission('update_roles'), schema: { params: IdParams, body: UserMoocBody } },
    async (request) => {
      const { id } = request.params;
      await findUser(app.db, id);
      await app.db
        .updateTable('users')
        .set({ mooc_access: request.body.mooc_access ? 1 : 0, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
      return { data: await presentOne(app.db, id) };
    },
  );

  /** Cascades through every relation; teams they coordinated keep working without coordinator. */
  r.delete('/users/:id', { preHandler: app.requirePermission('delete_users'), schema: { params: IdParams } }, async (request) => {
    const auth = authOf(request);
    const { id } = request.params;
    const user = await findUser(app.db, id);
    if (id === auth.userId) throw validationFailed({ user_id: ['Non puoi eliminare il tuo account.'] });
    if (!can(auth, WILDCARD_PERMISSION)) {
      const roles = (await app.db.selectFrom('user_roles').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id);
      if ((await developerRoleIds(app.db, roles)).length) {
        throw validationFailed({ user_id: ['Solo uno sviluppatore può eliminare un altro sviluppatore.'] });
      }
    }
    await app.db.deleteFrom('users').where('id', '=', id).execute();
    return { data: { id: user.id, name: user.name, surname: user.surname, email: user.email } };
  });
}
