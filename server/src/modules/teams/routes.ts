import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf, actorOf } from '../../plugins/auth.js';
import { refuseSelfChange } from '../../access/delegation.js';
import { type FieldErrorBag, forbidden, HttpError, orNotFound } from '../../http/errors.js';
import { dayStartIso, romeToday } from '../../calendar/calendar-days.js';
import { joinDayProblem } from '../users/person-rules.js';
import { type CheckedBody, checkBody } from '../../http/body-rules.js';
import { blankFields } from '../../http/blank-fields.js';
import { requiredMessage } from '../../http/field-labels.js';
import { receiveUploadedImage } from '../../infra/images.js';
import {
  assertTeamAccess,
  mayEditTeamAdministration,
  mayEditTeamProfile,
  mayReadTeam,
  mayReadTeamSessions,
} from './access.js';
import { maySeeAttendances } from '../sessions/access.js';
import { presentTeam, presentTeamDetail } from './presenter.js';
import { presentSession } from '../sessions/presenter.js';
import type { Repositories } from '../registry.js';
import { IdParams, ListQuery, responses } from '../../http/schemas.js';
import {
  PastTeamMembersResponse,
  TeamCreateBody,
  TeamDeletedResponse,
  TeamListResponse,
  TeamMemberParams,
  TeamMembersResponse,
  TeamMemberAddBody,
  TeamMemberUpdateBody,
  TeamResponse,
  TeamSessionParams,
  TeamUpdateBody,
} from './schemas.js';
import {
  NextSessionResponse,
  SESSION_FIELDS,
  SESSION_RELATION_FIELDS,
  SessionResponse,
  TeamSessionListQuery,
  TeamSessionListResponse,
  type SessionField,
} from '../sessions/schemas.js';
import type { ListMeta } from '../../http/schemas.js';
import type { SessionRow } from '../../db/schema.js';
import { pickFields, requestedFields } from '../../http/sparse-fields.js';
import { editVersionOf } from '../../plugins/edit-versions.js';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const DRIVE_URL_MESSAGE = 'Il link della cartella condivisa deve iniziare con http:// o https://.';
export const TEAM_NAME_TAKEN = 'Esiste già un team con questo nome.';
const NOT_A_MEMBER = 'Questa persona non fa parte del team.';

/**
 * Rules the schema cannot express, for create and update: a name not only spaces and not another
 * team's (experts, reports and the calendar tell teams apart by name), an http(s) link, an existing
 * coordinator. A name the team already has is not checked again: teams that shared a name before
 * the rule existed still save their other fields.
 */
async function checkTeamRules(
  repos: Repositories,
  body: CheckedBody<TeamUpdateBody>,
  errors: FieldErrorBag,
  team: { id: number; name: string } | null = null,
): Promise<void> {
  const name = body.get('name')?.trim();
  if (name === '') errors.add('name', requiredMessage('name'));
  else if (name && name !== team?.name && (await repos.teams.nameTaken(name, team?.id ?? null)))
    errors.add('name', TEAM_NAME_TAKEN);
  const driveUrl = body.get('drive_url');
  if (typeof driveUrl === 'string' && !isHttpUrl(driveUrl.trim())) errors.add('drive_url', DRIVE_URL_MESSAGE);
  const ownerId = body.get('owner_id');
  if (typeof ownerId === 'number' && !(await repos.users.exists(ownerId)))
    errors.add('owner_id', 'Il coordinatore selezionato non esiste.');
}

/** The values to store from a body that passed its schema and its rules. */
function teamValues(body: TeamUpdateBody): TeamUpdateBody {
  const cleaned: TeamUpdateBody = { ...body };
  if (body.name !== undefined) cleaned.name = body.name.trim();
  if (typeof body.description === 'string') cleaned.description = body.description.trim() || null;
  if (typeof body.drive_url === 'string') cleaned.drive_url = body.drive_url.trim();
  return cleaned;
}

export default async function teamRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { teams, sessions, users } = app.repos;
  const findTeam = async (id: number) => orNotFound(await teams.findById(id), 'team');
  const detail = async (id: number) => ({ data: presentTeamDetail(orNotFound(await teams.findDetail(id), 'team')) });

  r.get(
    '/teams',
    {
      preHandler: app.requirePermission('read_teams'),
      schema: { querystring: ListQuery, response: responses({ 200: TeamListResponse }) },
    },
    async (request) => {
      const { rows, meta } = await teams.list(request.query);
      return { data: rows.map(presentTeam), meta };
    },
  );

  r.get(
    '/teams/:id',
    {
      config: { editVersion: editVersionOf(TeamUpdateBody) },
      schema: { params: IdParams, response: responses({ 200: TeamResponse }) },
    },
    async (request) => {
      await assertTeamAccess(teams, authOf(request), request.params.id, mayReadTeam);
      return detail(request.params.id);
    },
  );

  r.post(
    '/teams',
    {
      preHandler: [
        app.requirePermission('create_teams'),
        checkBody<TeamUpdateBody>((body, errors) => checkTeamRules(app.repos, body, errors)),
      ],
      preValidation: blankFields({ required: ['name'], optional: ['description', 'owner_id', 'drive_url'] }),
      schema: { body: TeamCreateBody, response: responses({ 201: TeamResponse }) },
    },
    async (request, reply) => {
      const values = teamValues(request.body);
      // The coordinator reads the team like a member: nobody names themselves.
      if (typeof values.owner_id === 'number') refuseSelfChange(authOf(request), values.owner_id, 'coordinator');
      const id = await teams.create(actorOf(request), { ...values, name: values.name! });
      reply.status(201);
      return detail(id);
    },
  );

  r.put(
    '/teams/:id',
    {
      preValidation: blankFields({ optional: ['description', 'owner_id', 'drive_url'] }),
      config: { editVersion: editVersionOf(TeamUpdateBody, (request) => detail((request.params as IdParams).id)) },
      // Who may edit the team is settled before its rules are (the path was validated by then).
      preHandler: checkBody<TeamUpdateBody>(async (body, errors, request) => {
        const { id } = request.params as IdParams;
        await assertTeamAccess(teams, authOf(request), id, mayEditTeamProfile);
        await checkTeamRules(app.repos, body, errors, (await teams.findById(id)) ?? null);
      }),
      schema: { params: IdParams, body: TeamUpdateBody, response: responses({ 200: TeamResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      const team = await findTeam(id);
      const values = teamValues(request.body);
      if (!mayEditTeamAdministration(auth)) {
        // Members may change the description only; the other fields may be echoed back unchanged.
        const changes =
          (values.name !== undefined && values.name !== team.name) ||
          (values.owner_id !== undefined && values.owner_id !== team.owner_id) ||
          (values.drive_url !== undefined && values.drive_url !== team.drive_url);
        if (changes) throw forbidden();
      }
      if (values.owner_id !== undefined && values.owner_id !== team.owner_id) {
        // Naming oneself coordinator, or stepping down, is another administrator's decision.
        for (const owner of [team.owner_id, values.owner_id])
          if (owner !== null) refuseSelfChange(auth, owner, 'coordinator');
      }
      await teams.update(actorOf(request), id, values);
      return detail(id);
    },
  );

  r.delete(
    '/teams/:id',
    {
      preHandler: app.requirePermission('delete_teams'),
      schema: { params: IdParams, response: responses({ 200: TeamDeletedResponse }) },
    },
    async (request) => {
      const { id } = request.params;
      const team = await findTeam(id);
      await teams.delete(actorOf(request), id);
      return { data: { id: team.id, name: team.name } };
    },
  );

  /** Multipart `avatar` (the cropped logo); the client sends `_method=PUT` as a form field. */
  r.route({
    method: ['POST', 'PUT'],
    url: '/teams/:id/avatar',
    schema: { params: IdParams, response: responses({ 200: TeamResponse }) },
    handler: async (request) => {
      const { id } = request.params;
      await assertTeamAccess(teams, authOf(request), id, mayEditTeamProfile);
      await findTeam(id);
      await teams.setAvatar(
        actorOf(request),
        id,
        await receiveUploadedImage(request, { field: 'avatar', folder: 'teams', aspect: 1 }),
      );
      return detail(id);
    },
  });

  r.get(
    '/teams/:id/users',
    { schema: { params: IdParams, response: responses({ 200: TeamMembersResponse }) } },
    async (request) => {
      await assertTeamAccess(teams, authOf(request), request.params.id, mayReadTeam);
      return { data: await teams.members(request.params.id) };
    },
  );

  // Only to those who manage the members: a member's departure is not the other members' business.
  r.get(
    '/teams/:id/past-users',
    {
      preHandler: app.requirePermission('update_teams'),
      schema: { params: IdParams, response: responses({ 200: PastTeamMembersResponse }) },
    },
    async (request) => {
      await findTeam(request.params.id);
      return { data: await teams.pastMembers(request.params.id) };
    },
  );

  /** A join day the API refuses: in the future, or before the earliest it takes. */
  const checkJoinDay = (body: CheckedBody<{ joined_on?: string }>, errors: FieldErrorBag) => {
    const problem = joinDayProblem(body.get('joined_on'), romeToday(app.now()));
    if (problem) errors.add('joined_on', problem);
  };

  r.post(
    '/teams/:id/users/:userId',
    {
      // No body at all (as before a day could be given) is an empty one: today.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: [app.requirePermission('update_teams'), checkBody<TeamMemberAddBody>(checkJoinDay)],
      schema: { params: TeamMemberParams, body: TeamMemberAddBody, response: responses({ 201: TeamMembersResponse }) },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await findTeam(id);
      orNotFound(await users.findById(userId), 'user');
      refuseSelfChange(authOf(request), userId, 'team');
      const day = request.body?.joined_on;
      await teams.addMember(actorOf(request), id, userId, day ? dayStartIso(day) : undefined);
      reply.status(201);
      return { data: await teams.members(id) };
    },
  );

  r.put(
    '/teams/:id/users/:userId',
    {
      preHandler: [app.requirePermission('update_teams'), checkBody<TeamMemberUpdateBody>(checkJoinDay)],
      schema: {
        params: TeamMemberParams,
        body: TeamMemberUpdateBody,
        response: responses({ 200: TeamMembersResponse }),
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      await findTeam(id);
      refuseSelfChange(authOf(request), userId, 'team');
      if (!(await teams.setJoinedAt(actorOf(request), id, userId, dayStartIso(request.body.joined_on))))
        throw new HttpError(404, NOT_A_MEMBER);
      return { data: await teams.members(id) };
    },
  );

  r.delete(
    '/teams/:id/users/:userId',
    {
      preHandler: app.requirePermission('update_teams'),
      schema: { params: TeamMemberParams, response: responses({ 200: TeamMembersResponse }) },
    },
    async (request) => {
      const { id, userId } = request.params;
      await findTeam(id);
      refuseSelfChange(authOf(request), userId, 'team');
      await teams.removeMember(actorOf(request), id, userId);
      return { data: await teams.members(id) };
    },
  );

  /** A page of a team's sessions, whole or narrowed to the `fields` asked for. */
  async function sessionPage(query: TeamSessionListQuery, page: { rows: SessionRow[]; meta: ListMeta }) {
    const fields = requestedFields(query.fields, SESSION_FIELDS);
    if (fields && !fields.some((field) => SESSION_RELATION_FIELDS.includes(field))) {
      return {
        data: page.rows.map((row) => pickFields(row, fields as Array<keyof SessionRow & SessionField>)),
        meta: page.meta,
      };
    }
    const whole = (await sessions.withRelations(page.rows)).map(presentSession);
    return { data: fields ? whole.map((session) => pickFields(session, fields)) : whole, meta: page.meta };
  }

  r.get(
    '/teams/:id/sessions',
    {
      schema: {
        params: IdParams,
        querystring: TeamSessionListQuery,
        response: responses({ 200: TeamSessionListResponse }),
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertTeamAccess(teams, authOf(request), id, mayReadTeamSessions);
      return sessionPage(request.query, await sessions.listForTeam(id, request.query));
    },
  );

  r.get(
    '/teams/:id/sessions/upcoming',
    {
      schema: {
        params: IdParams,
        querystring: TeamSessionListQuery,
        response: responses({ 200: TeamSessionListResponse }),
      },
    },
    async (request) => {
      const { id } = request.params;
      await assertTeamAccess(teams, authOf(request), id, mayReadTeamSessions);
      return sessionPage(request.query, await sessions.upcomingForTeam(id, request.query));
    },
  );

  r.get(
    '/teams/:id/sessions/next',
    { schema: { params: IdParams, response: responses({ 200: NextSessionResponse }) } },
    async (request) => {
      const { id } = request.params;
      await assertTeamAccess(teams, authOf(request), id, mayReadTeamSessions);
      const next = await sessions.nextForTeam(id);
      return { data: next ? presentSession(next) : null };
    },
  );

  r.get(
    '/teams/:id/sessions/:sessionId',
    { schema: { params: TeamSessionParams, response: responses({ 200: SessionResponse }) } },
    async (request) => {
      const auth = authOf(request);
      const { id, sessionId } = request.params;
      await assertTeamAccess(teams, auth, id, mayReadTeamSessions);
      const valid = await sessions.validForTeam(sessionId, id);
      const session = orNotFound(
        valid ? await sessions.findDetail(sessionId, { attendances: maySeeAttendances(auth) }) : undefined,
        'session',
      );
      return { data: presentSession(session) };
    },
  );
}
