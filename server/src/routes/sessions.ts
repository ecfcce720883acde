import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { authOf } from '../plugins/auth.js';
import { FieldErrorBag, notFound } from '../lib/errors.js';
import { filterValue, ilike, paginate, parseSort } from '../lib/listing.js';
import { countCacheOf } from '../lib/count-cache.js';
import { idsFilter } from '../lib/search-filters.js';
import { blankFields } from '../lib/blank-fields.js';
import { requiredMessage } from '../lib/field-labels.js';
import { assertSessionReadable, maySeeAttendances } from '../lib/access.js';
import { extractMeetUrl, presentSessions } from '../lib/presenters-sessions.js';
import { IdParams } from '../schemas/common.js';
import {
  SessionCreateBody,
  SessionExpertBody,
  SessionExpertParams,
  SessionListQuery,
  SessionTeamsBody,
  SessionUpdateBody,
} from '../schemas/session.js';

const SESSION_SORTS = { start_time: 'sessions.start_time', name: 'sessions.name', created_at: 'sessions.created_at', id: 'sessions.id' };
const REQUIRED = ['name', 'type', 'description', 'start_time', 'join_instructions'];
const OPTIONAL = ['end_time', 'team_id', 'expert_id'];

async function findSession(db: Db, id: number) {
  const session = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!session) throw notFound('Sessione');
  return session;
}

async function present(db: Db, id: number, attendances: boolean) {
  const [data] = await presentSessions(db, [await findSession(db, id)], { attendances });
  return data;
}

async function isExpert(db: Db, userId: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('is_expert').where('id', '=', userId).executeTakeFirst();
  return Boolean(user?.is_expert);
}

/** Field checks the schema cannot express; returns the row values to store. */
async function checkSessionFields(db: Db, body: SessionUpdateBody, expertId: number | null = null) {
  const bag = new FieldErrorBag();
  const text = (field: 'name' | 'description' | 'join_instructions') => {
    const value = body[field].trim();
    if (!value) bag.add(field, requiredMessage(field));
    return value;
  };
  const name = text('name');
  const description = text('description');
  const joinInstructions = text('join_instructions');
  const start = new Date(body.start_time);
  const end = body.end_time ? new Date(body.end_time) : null;
  if (end && end.getTime() <= start.getTime()) bag.add('end_time', "L'orario di fine deve essere successivo all'orario di inizio.");
  if (typeof body.team_id === 'number') {
    const team = await db.selectFrom('teams').select('id').where('id', '=', body.team_id).executeTakeFirst();
    if (!team) bag.add('team_id', 'Il team selezionato non esiste.');
  }
  if (expertId !== null && !(await isExpert(db, expertId))) {
    bag.add('expert_id', "L'utente selezionato non è un esperto.");
  }
  bag.throwIfAny();
  return {
    name,
    type: body.type,
    description,
    start_time: start.toISOString(),
    end_time: end ? end.toISOString() : null,
    join_instructions: joinInstructions,
    join_url: extractMeetUrl(joinInstructions),
  };
}

export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const counts = countCacheOf(app.db);

  r.get(
    '/sessions',
    { preHandler: app.requirePermission('read_sessions'), schema: { querystring: SessionListQuery } },
    async (request) => {
      const query = request.query;
      let q = app.db.selectFrom('sessions').selectAll('sessions');
      const search = filterValue(query, 'search');
      if (search) q = q.where((eb) => eb.or([ilike('sessions.name', search), ilike('sessions.description', search)]));
      const name = filterValue(query, 'name');
      if (name) q = q.where(ilike('sessions.name', name));
      const ids = idsFilter(query);
      if (ids) q = ids.length ? q.where('sessions.id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
      const sort = parseSort(query.sort, SESSION_SORTS, '-start_time');
      const { rows, meta } = await paginate(q, query, [...sort, { column: 'sessions.id', direction: sort[0].direction }], counts);
      const attendances = query.attendances === 'true' || query.attendances === '1';
      return { data: await presentSessions(app.db, rows, { attendances }), meta };
    },
  );

  r.get('/sessions/:id', { schema: { params: IdParams } }, async (request) => {
    const auth = authOf(request);
    await assertSessionReadable(app.db, auth, request.params.id);
    return { data: await present(app.db, request.params.id, maySeeAttendances(auth)) };
  });

  r.post(
    '/sessions',
    {
      preHandler: app.requirePermission('create_sessions'),
      preValidation: blankFields({ required: REQUIRED, optional: OPTIONAL }),
      schema: { body: SessionCreateBody },
    },
    async (request, reply) => {
      const body = request.body;
      const values = await checkSessionFields(app.db, body, body.expert_id ?? null);
      const id = await app.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('sessions')
          .values({ ...values, created_at: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (typeof body.team_id === 'number') {
          await trx.insertInto('session_teams').values({ session_id: created.id, team_id: body.team_id }).execute();
        }
        if (typeof body.expert_id === 'number') {
          await trx.insertInto('session_experts').values({ session_id: created.id, user_id: body.expert_id }).execute();
        }
        return created.id;
      });
      reply.status(201);
      return { data: await present(app.db, id, false) };
    },
  );

  r.put(
    '/sessions/:id',
    {
      preHandler: app.requirePermission('update_sessions'),
      preValidation: blankFields({ required: REQUIRED, optional: OPTIONAL }),
      schema: { params: IdParams, body: SessionUpdateBody },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await findSession(app.db, id);
      const values = await checkSessionFields(app.db, body);
      await app.db.transaction().execute(async (trx) => {
        await trx.updateTable('sessions').set(values).where('id', '=', id).execute();
        if (body.team_id === undefined) return;
        // The form has one team field: empty means "every team"; a team already attached keeps
        // the others (set in the teams dialog); another team replaces them.
        const current = await trx.selectFrom('session_teams').select('team_id').where('session_id', '=', id).execute();
        if (body.team_id !== null && current.some((t) => t.team_id === body.team_id)) return;
        await trx.deleteFrom('session_teams').where('session_id', '=', id).execute();
        if (body.team_id !== null) await trx.insertInto('session_teams').values({ session_id: id, team_id: body.team_id }).execute();
      });
      return { data: await present(app.db, id, false) };
    },
  );

  r.delete('/sessions/:id', { preHandler: app.requirePermission('delete_sessions'), schema: { params: IdParams } }, async (request) => {
    const session = await findSession(app.db, request.params.id);
    await app.db.deleteFrom('sessions').where('id', '=', session.id).execute();
    return { data: { id: session.id, name: session.name } };
  });

  r.post(
    '/sessions/:id/experts',
    { preHandler: app.requirePermission('update_sessions'), schema: { params: IdParams, body: SessionExpertBody } },
    async (request, reply) => {
      const { id } = request.params;
      await findSession(app.db, id);
      if (!(await isExpert(app.db, request.body.user_id))) {
        new FieldErrorBag().add('user_id', "L'utente selezionato non è un esperto.").throwIfAny();
      }
      await app.db
        .insertInto('session_experts')
        .values({ session_id: id, user_id: request.body.user_id })
        .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
        .execute();
      reply.status(201);
      return { data: await present(app.db, id, false) };
    },
  );

  r.delete(
    '/sessions/:id/experts/:userId',
    { preHandler: app.requirePermission('update_sessions'), schema: { params: SessionExpertParams } },
    async (request) => {
      const { id, userId } = request.params;
      await findSession(app.db, id);
      await app.db.deleteFrom('session_experts').where('session_id', '=', id).where('user_id', '=', userId).execute();
      return { data: await present(app.db, id, false) };
    },
  );

  r.put(
    '/sessions/:id/teams',
    { preHandler: app.requirePermission('update_sessions'), schema: { params: IdParams, body: SessionTeamsBody } },
    async (request) => {
      const { id } = request.params;
      await findSession(app.db, id);
      const wanted = [...new Set(request.body.teams)];
      if (wanted.length) {
        const found = await app.db.selectFrom('teams').select('id').where('id', 'in', wanted).execute();
        if (found.length !== wanted.length) {
          new FieldErrorBag().add('teams', 'Uno o più team selezionati non esistono.').throwIfAny();
        }
      }
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('session_teams').where('session_id', '=', id).execute();
        if (wanted.length) await trx.insertInto('session_teams').values(wanted.map((team_id) => ({ session_id: id, team_id }))).execute();
      });
      return { data: await present(app.db, id, false) };
    },
  );
}
