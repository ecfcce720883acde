import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf, actorOf } from '../../plugins/auth.js';
import type { Repositories } from '../registry.js';
import { FieldErrorBag, orNotFound } from '../../http/errors.js';
import { checkBody, recordExists } from '../../http/body-rules.js';
import { blankFields } from '../../http/blank-fields.js';
import { requiredMessage } from '../../http/field-labels.js';
import { assertSessionReadable, maySeeAttendances } from './access.js';
import { extractMeetUrl, presentSession } from './presenter.js';
import { occurrences } from '../../calendar/recurrence.js';
import { IdParams, responses } from '../../http/schemas.js';
import { editVersionOf } from '../../plugins/edit-versions.js';
import {
  SessionCreateBody,
  SessionDeletedResponse,
  SessionExpertBody,
  SessionExpertParams,
  SessionListQuery,
  SessionListResponse,
  SessionResponse,
  SessionTeamsBody,
  SessionUpdateBody,
} from './schemas.js';

const REQUIRED = ['name', 'type', 'description', 'start_time', 'join_instructions'];
const OPTIONAL = ['end_time', 'team_id', 'expert_id'];

const END_BEFORE_START = "L'orario di fine deve essere successivo all'orario di inizio.";

/**
 * Rules the schema cannot express, for create and update: texts not only spaces, an end after the
 * start, a team that exists and (on create) an expert who is one and a repetition that makes sense.
 */
function sessionRules(repos: Repositories, { withExpert }: { withExpert: boolean }) {
  return checkBody<SessionCreateBody>(async (body, errors) => {
    for (const field of ['name', 'description', 'join_instructions'] as const) {
      if (body.get(field)?.trim() === '') errors.add(field, requiredMessage(field));
    }
    const start = body.get('start_time');
    const end = body.get('end_time');
    if (start && end && new Date(end).getTime() <= new Date(start).getTime()) errors.add('end_time', END_BEFORE_START);
    const repeat = withExpert ? body.get('repeat') : undefined;
    if (repeat && start && !errors.has('end_time')) {
      try {
        occurrences(start, end ?? null, repeat);
      } catch (error) {
        errors.addFrom(error);
      }
    }
    const teamId = body.get('team_id');
    if (typeof teamId === 'number' && !(await repos.teams.existingIds([teamId])).length) {
      errors.add('team_id', 'Il team selezionato non esiste.');
    }
    const expertId = withExpert ? body.get('expert_id') : undefined;
    if (typeof expertId === 'number' && !(await repos.users.isExpert(expertId))) {
      errors.add('expert_id', "L'utente selezionato non è un esperto.");
    }
  });
}

/** The row values of a session body that passed its schema and its rules. */
function sessionValues(body: SessionUpdateBody) {
  const joinInstructions = body.join_instructions.trim();
  return {
    name: body.name.trim(),
    type: body.type,
    description: body.description.trim(),
    start_time: new Date(body.start_time).toISOString(),
    end_time: body.end_time ? new Date(body.end_time).toISOString() : null,
    join_instructions: joinInstructions,
    join_url: extractMeetUrl(joinInstructions),
  };
}

export default async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { sessions, teams, users } = app.repos;
  const findSession = async (id: number) => orNotFound(await sessions.findById(id), 'session');
  const present = async (id: number, attendances = false) =>
    presentSession(orNotFound(await sessions.findDetail(id, { attendances }), 'session'));

  r.get(
    '/sessions',
    {
      config: { permission: 'read_sessions' },
      schema: {
        description: '`attendances=true` adds attendances.',
        querystring: SessionListQuery,
        response: responses({ 200: SessionListResponse }),
      },
    },
    async (request) => {
      const query = request.query;
      const attendances = query.attendances === 'true' || query.attendances === '1';
      const { rows, meta } = await sessions.list(query, { attendances });
      return { data: rows.map(presentSession), meta };
    },
  );

  r.get(
    '/sessions/:id',
    {
      config: { relation: 'session-reader', editVersion: editVersionOf(SessionUpdateBody) },
      schema: { params: IdParams, response: responses({ 200: SessionResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      await assertSessionReadable(sessions, auth, request.params.id);
      return { data: await present(request.params.id, maySeeAttendances(auth)) };
    },
  );

  r.post(
    '/sessions',
    {
      config: { permission: 'create_sessions' },
      preHandler: sessionRules(app.repos, { withExpert: true }),
      preValidation: blankFields({ required: REQUIRED, optional: OPTIONAL }),
      schema: {
        description:
          'With `repeat` (`frequency` weekly or biweekly, then `until` a `YYYY-MM-DD` day or `count` 1–52) every occurrence, with the same team and expert, is created in one transaction, or none (422 under `repeat`, `repeat.frequency`, `repeat.until`, `repeat.count`); answers the first.',
        body: SessionCreateBody,
        response: responses({ 201: SessionResponse }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const values = sessionValues(body);
      const links = { teamId: body.team_id, expertId: body.expert_id };
      // A repeating session: every occurrence, all in one transaction; the first one is answered.
      const [id] = body.repeat
        ? await sessions.createSeries(
            actorOf(request),
            occurrences(values.start_time, values.end_time, body.repeat).map((times) => ({ ...values, ...times })),
            links,
          )
        : [await sessions.create(actorOf(request), values, links)];
      reply.status(201);
      return { data: await present(id) };
    },
  );

  r.put(
    '/sessions/:id',
    {
      preHandler: [
        recordExists('session', (id) => app.repos.sessions.findById(id)),
        sessionRules(app.repos, { withExpert: false }),
      ],
      preValidation: blankFields({ required: REQUIRED, optional: OPTIONAL }),
      schema: { params: IdParams, body: SessionUpdateBody, response: responses({ 200: SessionResponse }) },
      config: {
        permission: 'update_sessions',
        editVersion: editVersionOf(SessionUpdateBody, async (request) => ({
          data: await present((request.params as IdParams).id),
        })),
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      await findSession(id);
      await sessions.update(actorOf(request), id, sessionValues(body), body.team_id);
      return { data: await present(id) };
    },
  );

  r.delete(
    '/sessions/:id',
    {
      config: { permission: 'delete_sessions' },
      schema: {
        description: 'Teams, experts, attendances go with it.',
        params: IdParams,
        response: responses({ 200: SessionDeletedResponse }),
      },
    },
    async (request) => {
      const session = await findSession(request.params.id);
      await sessions.delete(actorOf(request), session.id);
      return { data: { id: session.id, name: session.name } };
    },
  );

  r.post(
    '/sessions/:id/experts',
    {
      config: { permission: 'update_sessions' },
      schema: {
        description: '`user_id` must be an expert.',
        params: IdParams,
        body: SessionExpertBody,
        response: responses({ 201: SessionResponse }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await findSession(id);
      if (!(await users.isExpert(request.body.user_id))) {
        new FieldErrorBag().add('user_id', "L'utente selezionato non è un esperto.").throwIfAny();
      }
      await sessions.addExpert(actorOf(request), id, request.body.user_id);
      reply.status(201);
      return { data: await present(id) };
    },
  );

  r.delete(
    '/sessions/:id/experts/:userId',
    {
      config: { permission: 'update_sessions' },
      schema: { params: SessionExpertParams, response: responses({ 200: SessionResponse }) },
    },
    async (request) => {
      const { id, userId } = request.params;
      await findSession(id);
      await sessions.removeExpert(actorOf(request), id, userId);
      return { data: await present(id) };
    },
  );

  r.put(
    '/sessions/:id/teams',
    {
      config: { permission: 'update_sessions' },
      schema: {
        description: '`[]` = valid for every team.',
        params: IdParams,
        body: SessionTeamsBody,
        response: responses({ 200: SessionResponse }),
      },
    },
    async (request) => {
      const { id } = request.params;
      await findSession(id);
      const wanted = [...new Set(request.body.teams)];
      if ((await teams.existingIds(wanted)).length !== wanted.length) {
        new FieldErrorBag().add('teams', 'Uno o più team selezionati non esistono.').throwIfAny();
      }
      await sessions.setTeams(actorOf(request), id, wanted);
      return { data: await present(id) };
    },
  );
}
