import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { authOf } from '../plugins/auth.js';
import { FieldErrorBag, forbidden, notFound } from '../lib/errors.js';
import { filterValue, ilike, listMeta, pageParams, paginate, parseSort } from '../lib/listing.js';
import { countCacheOf } from '../lib/count-cache.js';
import { idsFilter } from '../lib/search-filters.js';
import { blankFields } from '../lib/blank-fields.js';
import { requiredMessage } from '../lib/field-labels.js';
import { removeStoredFile, saveUploadedImage } from '../lib/images.js';
import {
  assertTeamAccess,
  mayEditTeamAdministration,
  mayEditTeamProfile,
  mayReadTeam,
  mayReadTeamSessions,
  maySeeAttendances,
  sessionValidForTeam,
} from '../lib/access.js';
import { loadTeamMembers, presentTeamDetail, presentTeams } from '../lib/presenters-teams.js';
import { presentSessions } from '../lib/presenters-sessions.js';
import { IdParams, ListQuery } from '../schemas/common.js';
import { TeamCreateBody, TeamMemberParams, TeamSessionParams, TeamUpdateBody } from '../schemas/team.js';
import type { Db } from '../db/index.js';

const TEAM_SORTS = { created_at: 'teams.created_at', name: 'teams.name', id: 'teams.id' };
const SESSION_SORTS = { start_time: 'sessions.start_time', name: 'sessions.name', created_at: 'sessions.created_at', id: 'sessions.id' };

type SessionsWhere = ExpressionBuilder<Database, 'sessions'>;

/** The session has a team link: to `team` (`'='`), to another team (`'<>'`), or to any team. */
function hasTeamLink(eb: SessionsWhere, team?: { op: '=' | '<>'; id: number }) {
  let links = eb
    .selectFrom('session_teams')
    .select(sql.lit(1).as('one'))
    .whereRef('session_teams.session_id', '=', 'sessions.id');
  if (team) links = links.where('session_teams.team_id', team.op, team.id);
  return eb.exists(links);
}

/** Sessions attached to the team, plus those attached to no team (valid for every team). */
export function sessionsOfTeam(teamId: number) {
  return (eb: SessionsWhere) => eb.or([hasTeamLink(eb, { op: '=', id: teamId }), eb.not(hasTeamLink(eb))]);
}

/** Longest a session may run and still count as upcoming while it is in progress. */
const MAX_SESSION_MS = 24 * 3600 * 1000;

/**
 * Sessions that have not ended yet: future ones, and ones in progress (end_time still ahead).
 * The lower bound on start_time keeps the condition on the start_time index.
 */
function notEnded(at: Date) {
  const now = at.toISOString();
  const earliest = new Date(at.getTime() - MAX_SESSION_MS).toISOString();
  return (eb: ExpressionBuilder<Database, 'sessions'>) =>
    eb.and([
      eb('sessions.start_time', '>=', earliest),
      eb.or([eb('sessions.start_time', '>=', now), eb('sessions.end_time', '>=', now)]),
    ]);
}

/**
 * How many sessions a team sees, without scanning every session: its own links plus the sessions
 * with no team at all (all sessions minus those that have at least one team).
 */
async function countTeamSessions(db: Db, teamId: number): Promise<number> {
  const count = sql<number>`count(*)`.as('count');
  const [own, all, linked] = await Promise.all([
    db.selectFrom('session_teams').select(count).where('team_id', '=', teamId).executeTakeFirst(),
    db.selectFrom('sessions').select(count).executeTakeFirst(),
    db.selectFrom('session_teams').select(sql<number>`count(distinct session_id)`.as('count')).executeTakeFirst(),
  ]);
  return Number(own?.count ?? 0) + Number(all?.count ?? 0) - Number(linked?.count ?? 0);
}

async function findTeam(db: Db, id: number) {
  const team = await db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!team) throw notFound('Team');
  return team;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Business checks shared by create and update; returns the cleaned values. */
async function checkTeamFields(db: Db, body: TeamUpdateBody): Promise<TeamUpdateBody> {
  const bag = new FieldErrorBag();
  const cleaned: TeamUpdateBody = { ...body };
  if (body.name !== undefined) {
    cleaned.name = body.name.trim();
    if (!cleaned.name) bag.add('name', requiredMessage('name'));
  }
  if (typeof body.description === 'string') cleaned.description = body.description.trim() || null;
  if (typeof body.drive_url === 'string') {
    cleaned.drive_url = body.drive_url.trim();
    if (!isHttpUrl(cleaned.drive_url)) bag.add('drive_url', 'Il link della cartella condivisa deve iniziare con http:// o https://.');
  }
  if (typeof body.owner_id === 'number') {
    const owner = await db.selectFrom('users').select('id').where('id', '=', body.owner_id).executeTakeFirst();
    if (!owner) bag.add('owner_id', 'Il coordinatore selezionato non esiste.');
  }
  bag.throwIfAny();
  return cleaned;
}

export default async function teamRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const counts = countCacheOf(app.db);

  r.get('/teams', { preHandler: app.requirePermission('read_teams'), schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query;
    let q = app.db.selectFrom('teams').selectAll('teams');
    const name = filterValue(query, 'name');
    if (name) q = q.where(ilike('teams.name', name));
    const search = filterValue(query, 'search');
    if (search) q = q.where(ilike('teams.name', search));
    const ids = idsFilter(query);
    if (ids) q = ids.length ? q.where('teams.id', 'in', ids) : q.where(sql<boolean>`1 = 0`);
    const sort = parseSort(query.sort, TEAM_SORTS, '-created_at');
    const { rows, meta } = await paginate(q, query, [...sort, { column: 'teams.id', direction: sort[0].direction }], counts);
    return { data: await presentTeams(app.db, rows), meta };
  });

  r.get('/teams/:id', { schema: { params: IdParams } }, async (request) => {
    await assertTeamAccess(app.db, authOf(request), request.params.id, mayReadTeam);
    return { data: await presentTeamDetail(app.db, await findTeam(app.db, request.params.id)) };
  });

  r.post(
    '/teams',
    {
      preHandler: app.requirePermission('create_teams'),
      preValidation: blankFields({ required: ['name'], optional: ['description', 'owner_id', 'drive_url'] }),
      schema: { body: TeamCreateBody },
    },
    async (request, reply) => {
      const values = await checkTeamFields(app.db, request.body);
      const created = await app.db
        .insertInto('teams')
        .values({
          name: values.name!,
          description: values.description ?? null,
          owner_id: values.owner_id ?? null,
          drive_url: values.drive_url ?? null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.status(201);
      return { data: await presentTeamDetail(app.db, await findTeam(app.db, created.id)) };
    },
  );

  r.put(
    '/teams/:id',
    {
      preValidation: blankFields({ optional: ['description', 'owner_id', 'drive_url'] }),
      schema: { params: IdParams, body: TeamUpdateBody },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      await assertTeamAccess(app.db, auth, id, mayEditTeamProfile);
      const team = await findTeam(app.db, id);
      const values = await checkTeamFields(app.db, request.body);
      if (!mayEditTeamAdministration(auth)) {
        // Members may change the description only; the other fields may be echoed back unchanged.
        const changes =
          (values.name !== undefined && values.name !== team.name) ||
          (values.owner_id !== undefined && values.owner_id !== team.owner_id) ||
          (values.drive_url !== undefined && values.drive_url !== team.drive_url);
        if (changes) throw forbidden();
      }
      const update = Object.fromEntries(
        Object.entries({ name: values.name, description: values.description, owner_id: values.owner_id, drive_url: values.drive_url }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      if (Object.keys(update).length) await app.db.updateTable('teams').set(update).where('id', '=', id).execute();
      return { data: await presentTeamDetail(app.db, await findTeam(app.db, id)) };
    },
  );

  r.delete('/teams/:id', { preHandler: app.requirePermission('delete_teams'), schema: { params: IdParams } }, async (request) => {
    const { id } = request.params;
    const team = await findTeam(app.db, id);
    await app.db.transaction().execute(async (trx) => {
      // Sessions that belonged to this team alone would otherwise become "valid for every team".
      await trx
        .deleteFrom('sessions')
        .where((eb) => eb.and([hasTeamLink(eb, { op: '=', id }), eb.not(hasTeamLink(eb, { op: '<>', id }))]))
        .execute();
      await trx.deleteFrom('teams').where('id', '=', id).execute();
    });
    await removeStoredFile(app.config.storageDir, team.avatar);
    return { data: { id: team.id, name: team.name } };
  });

  /** Multipart `avatar` (the cropped logo); the client sends `_method=PUT` as a form field. */
  r.route({
    method: ['POST', 'PUT'],
    url: '/teams/:id/avatar',
    schema: { params: IdParams },
    handler: async (request) => {
      const { id } = request.params;
      await assertTeamAccess(app.db, authOf(request), id, mayEditTeamProfile);
      const previous = (await findTeam(app.db, id)).avatar;
      const avatar = await saveUploadedImage(request, { field: 'avatar', folder: 'teams', aspect: 1 });
      await app.db.updateTable('teams').set({ avatar }).where('id', '=', id).execute();
      await removeStoredFile(app.config.storageDir, previous);
      return { data: await presentTeamDetail(app.db, await findTeam(app.db, id)) };
    },
  });

  r.get('/teams/:id/users', { schema: { params: IdParams } }, async (request) => {
    await assertTeamAccess(app.db, authOf(request), request.params.id, mayReadTeam);
    return { data: await loadTeamMembers(app.db, request.params.id) };
  });

  r.post(
    '/teams/:id/users/:userId',
    { preHandler: app.requirePermission('update_teams'), schema: { params: TeamMemberParams } },
    async (request, reply) => {
      const { id, userId } = request.params;
      await findTeam(app.db, id);
      const user = await app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound('Utente');
      await app.db
        .insertInto('team_members')
        .values({ team_id: id, user_id: userId })
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
        .execute();
      reply.status(201);
      return { data: await loadTeamMembers(app.db, id) };
    },
  );

  r.delete(
    '/teams/:id/users/:userId',
    { preHandler: app.requirePermission('update_teams'), schema: { params: TeamMemberParams } },
    async (request) => {
      const { id, userId } = request.params;
      await findTeam(app.db, id);
      await app.db.deleteFrom('team_members').where('team_id', '=', id).where('user_id', '=', userId).execute();
      return { data: await loadTeamMembers(app.db, id) };
    },
  );

  r.get('/teams/:id/sessions', { schema: { params: IdParams, querystring: ListQuery } }, async (request) => {
    const { id } = request.params;
    await assertTeamAccess(app.db, authOf(request), id, mayReadTeamSessions);
    const { page, perPage } = pageParams(request.query);
    let q = app.db.selectFrom('sessions').selectAll('sessions').where(sessionsOfTeam(id));
    const sort = parseSort(request.query.sort, SESSION_SORTS, '-start_time');
    for (const { column, direction } of [...sort, { column: 'sessions.id', direction: sort[0].direction }]) {
      q = q.orderBy(sql.ref(column), direction);
    }
    const [rows, total] = await Promise.all([
      q.limit(perPage).offset((page - 1) * perPage).execute(),
      countTeamSessions(app.db, id),
    ]);
    return { data: await presentSessions(app.db, rows), meta: listMeta(total, page, perPage) };
  });

  r.get('/teams/:id/sessions/upcoming', { schema: { params: IdParams, querystring: ListQuery } }, async (request) => {
    const { id } = request.params;
    await assertTeamAccess(app.db, authOf(request), id, mayReadTeamSessions);
    const q = app.db
      .selectFrom('sessions')
      .selectAll('sessions')
      .where(sessionsOfTeam(id))
      .where(notEnded(new Date()));
    const { rows, meta } = await paginate(q, request.query, [
      { column: 'sessions.start_time', direction: 'asc' },
      { column: 'sessions.id', direction: 'asc' },
    ]);
    return { data: await presentSessions(app.db, rows), meta };
  });

  r.get('/teams/:id/sessions/next', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params;
    await assertTeamAccess(app.db, authOf(request), id, mayReadTeamSessions);
    const next = await app.db
      .selectFrom('sessions')
      .selectAll('sessions')
      .where(sessionsOfTeam(id))
      .where(notEnded(new Date()))
      .orderBy('sessions.start_time', 'asc')
      .orderBy('sessions.id', 'asc')
      .limit(1)
      .executeTakeFirst();
    return { data: next ? (await presentSessions(app.db, [next]))[0] : null };
  });

  r.get('/teams/:id/sessions/:sessionId', { schema: { params: TeamSessionParams } }, async (request) => {
    const auth = authOf(request);
    const { id, sessionId } = request.params;
    await assertTeamAccess(app.db, auth, id, mayReadTeamSessions);
    const session = await app.db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
    if (!session || !(await sessionValidForTeam(app.db, sessionId, id))) throw notFound('Sessione');
    const [data] = await presentSessions(app.db, [session], { attendances: maySeeAttendances(auth) });
    return { data };
  });
}
