import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { FieldErrorBag, notFound } from '../lib/errors.js';
import { requiredMessage } from '../lib/field-labels.js';
import { filterValue, ilike, paginate, parseSort } from '../lib/listing.js';
import { countCacheOf } from '../lib/count-cache.js';
import { idsFilter, userSearch } from '../lib/search-filters.js';
import { presentExperts } from '../lib/presenters-users.js';
import { IdParams, ListQuery } from '../schemas/common.js';
import { ExpertCreateBody, ExpertUpdateBody, type ExpertAccess } from '../schemas/expert.js';

const EXPERT_SORTS = { created_at: 'users.created_at', name: 'users.name', surname: 'users.surname', email: 'users.email', id: 'users.id' };

/**
 * Access and teams of an expert: access is complete or limited; limited needs at least one
 * existing team. Complete access follows every team, so no list is kept for it.
 */
async function checkAccess(
  db: Db,
  body: { access?: string | null; expert_access?: string | null; teams?: number[] | null },
  bag: FieldErrorBag,
): Promise<{ access: ExpertAccess; teams: number[] } | null> {
  const access = body.access ?? body.expert_access;
  if (!access) {
    bag.add('expert_access', requiredMessage('expert_access'));
    return null;
  }
  if (access !== 'complete' && access !== 'limited') {
    bag.add('expert_access', "Il tipo di accesso deve essere 'complete' o 'limited'.");
    return null;
  }
  if (access === 'complete') return { access, teams: [] };
  const teams = [...new Set(body.teams ?? [])];
  if (!teams.length) {
    bag.add('teams', "Per l'accesso limitato seleziona almeno un team.");
    return null;
  }
  const found = await db.selectFrom('teams').select('id').where('id', 'in', teams).execute();
  if (found.length !== teams.length) {
    bag.add('teams', 'Uno o più team selezionati non esistono.');
    return null;
  }
  return { access, teams };
}

async function saveExpert(db: Db, userId: number, access: ExpertAccess, teams: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ is_expert: 1, expert_access: access, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('expert_teams').where('user_id', '=', userId).execute();
    if (teams.length) await trx.insertInto('expert_teams').values(teams.map((team_id) => ({ user_id: userId, team_id }))).execute();
  });
}

async function findExpert(db: Db, id: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).where('is_expert', '=', 1).executeTakeFirst();
  if (!user) throw notFound('Esperto');
  return user;
}

export default async function expertRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const counts = countCacheOf(app.db);

  r.get('/experts', { preHandler: app.requirePermission('read_experts'), schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query;
    let q = app.db.selectFrom('users').selectAll('users').where('users.is_expert', '=', 1);
    const search = filterValue(query, 'search');
    if (search) q = q.where(userSearch(search));
    const name = filterValue(query, 'name');
    if (name) q = q.where(ilike('users.name', name));
    const ids = idsFilter(query);
    if (ids) q = ids.length ? q.where('users.id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
    const sort = parseSort(query.sort, EXPERT_SORTS, '-created_at');
    const { rows, meta } = await paginate(q, query, [...sort, { column: 'users.id', direction: sort[0].direction }], counts);
    return { data: await presentExperts(app.db, rows), meta };
  });

  r.get('/experts/:id', { preHandler: app.requirePermission('read_experts'), schema: { params: IdParams } }, async (request) => {
    const [data] = await presentExperts(app.db, [await findExpert(app.db, request.params.id)]);
    return { data };
  });

  r.post(
    '/experts',
    { preHandler: app.requirePermission('create_experts'), schema: { body: ExpertCreateBody } },
    async (request, reply) => {
      const body = request.body;
      const bag = new FieldErrorBag();
      const user = await app.db.selectFrom('users').select(['id', 'is_expert']).where('id', '=', body.user_id).executeTakeFirst();
      if (!user) bag.add('user_id', "L'utente selezionato non esiste.");
      else if (user.is_expert) bag.add('user_id', "L'utente selezionato è già un esperto.");
      const access = await checkAccess(app.db, body, bag);
      bag.throwIfAny();
      await saveExpert(app.db, body.user_id, access!.access, access!.teams);
      reply.status(201);
      const [data] = await presentExperts(app.db, [await findExpert(app.db, body.user_id)]);
      return { data };
    },
  );

  r.put(
    '/experts/:id',
    { preHandler: app.requirePermission('update_experts'), schema: { params: IdParams, body: ExpertUpdateBody } },
    async (request) => {
      const { id } = request.params;
      await findExpert(app.db, id);
      const bag = new FieldErrorBag();
      const access = await checkAccess(app.db, request.body, bag);
      bag.throwIfAny();
      await saveExpert(app.db, id, access!.access, access!.teams);
      const [data] = await presentExperts(app.db, [await findExpert(app.db, id)]);
      return { data };
    },
  );

  /** Turns the user back into a non-expert; the user itself stays. */
  r.delete('/experts/:id', { preHandler: app.requirePermission('delete_experts'), schema: { params: IdParams } }, async (request) => {
    const { id } = request.params;
    const user = await findExpert(app.db, id);
    await app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('expert_teams').where('user_id', '=', id).execute();
      await trx.deleteFrom('session_experts').where('user_id', '=', id).execute();
      await trx
        .updateTable('users')
        .set({ is_expert: 0, expert_access: null, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    });
    return { data: { id: user.id, name: user.name, surname: user.surname } };
  });
}
