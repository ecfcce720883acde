import { actorOf, authOf } from '../../plugins/auth.js';
import { refuseSelfChange } from '../../access/delegation.js';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Repositories } from '../registry.js';
import { FieldErrorBag, orNotFound } from '../../http/errors.js';
import { type CheckedBody, checkBody, recordExists } from '../../http/body-rules.js';
import { requiredMessage } from '../../http/field-labels.js';
import { presentExpert } from './presenter.js';
import { IdParams, ListQuery, responses } from '../../http/schemas.js';
import { editVersionOf } from '../../plugins/edit-versions.js';
import {
  ExpertCreateBody,
  ExpertDeletedResponse,
  ExpertListResponse,
  ExpertResponse,
  ExpertUpdateBody,
  type ExpertAccess,
} from './schemas.js';

/**
 * Access and teams of an expert: access is complete or limited; limited needs at least one
 * existing team. Complete access follows every team, so no list is kept for it.
 */
async function checkAccess(
  repos: Repositories,
  body: { access?: string | null; expert_access?: string | null; teams?: number[] | null },
  bag: FieldErrorBag,
): Promise<{ access: ExpertAccess; teams: number[] } | null> {
  const access = body.access ?? body.expert_access;
  if (!access) {
    if (!bag.has('access') && !bag.has('expert_access')) bag.add('expert_access', requiredMessage('expert_access'));
    return null;
  }
  if (access !== 'complete' && access !== 'limited') {
    bag.add('expert_access', "Il tipo di accesso deve essere 'complete' o 'limited'.");
    return null;
  }
  if (access === 'complete') return { access, teams: [] };
  const teams = [...new Set(body.teams ?? [])];
  if (!teams.length) {
    if (!bag.has('teams')) bag.add('teams', "Per l'accesso limitato seleziona almeno un team.");
    return null;
  }
  if ((await repos.teams.existingIds(teams)).length !== teams.length) {
    bag.add('teams', 'Uno o più team selezionati non esistono.');
    return null;
  }
  return { access, teams };
}

/** The access fields that passed their schema, for the rules. */
function accessFields(body: CheckedBody<ExpertUpdateBody>) {
  return { access: body.get('access'), expert_access: body.get('expert_access'), teams: body.get('teams') };
}

export default async function expertRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { experts, users } = app.repos;
  const presentOne = async (id: number) => presentExpert(orNotFound(await experts.findDetail(id), 'expert'));

  r.get(
    '/experts',
    {
      preHandler: app.requirePermission('read_experts'),
      schema: { querystring: ListQuery, response: responses({ 200: ExpertListResponse }) },
    },
    async (request) => {
      const { rows, meta } = await experts.list(request.query);
      return { data: rows.map(presentExpert), meta };
    },
  );

  r.get(
    '/experts/:id',
    {
      preHandler: app.requirePermission('read_experts'),
      config: { editVersion: editVersionOf(ExpertUpdateBody) },
      schema: { params: IdParams, response: responses({ 200: ExpertResponse }) },
    },
    async (request) => {
      return { data: await presentOne(request.params.id) };
    },
  );

  r.post(
    '/experts',
    {
      preHandler: [
        app.requirePermission('create_experts'),
        checkBody<ExpertCreateBody>(async (body, errors, request) => {
          const userId = body.get('user_id');
          // A complete expert reads every team's members: nobody makes themselves one.
          if (userId !== undefined) refuseSelfChange(authOf(request), userId, 'expert');
          const user = userId === undefined ? undefined : await users.findById(userId);
          if (userId !== undefined && !user) errors.add('user_id', "L'utente selezionato non esiste.");
          else if (user?.is_expert) errors.add('user_id', "L'utente selezionato è già un esperto.");
          await checkAccess(app.repos, accessFields(body), errors);
        }),
      ],
      schema: { body: ExpertCreateBody, response: responses({ 201: ExpertResponse }) },
    },
    async (request, reply) => {
      const body = request.body;
      const errors = new FieldErrorBag();
      const access = await checkAccess(app.repos, body, errors);
      errors.throwIfAny();
      await experts.save(actorOf(request), body.user_id, access!.access, access!.teams);
      reply.status(201);
      return { data: await presentOne(body.user_id) };
    },
  );

  r.put(
    '/experts/:id',
    {
      preHandler: [
        app.requirePermission('update_experts'),
        async (request) => refuseSelfChange(authOf(request), (request.params as IdParams).id, 'expert'),
        recordExists('expert', (id) => experts.findById(id)),
        checkBody<ExpertUpdateBody>((body, errors) =>
          checkAccess(app.repos, accessFields(body), errors).then(() => undefined),
        ),
      ],
      schema: { params: IdParams, body: ExpertUpdateBody, response: responses({ 200: ExpertResponse }) },
      config: {
        editVersion: editVersionOf(ExpertUpdateBody, async (request) => ({
          data: await presentOne((request.params as IdParams).id),
        })),
      },
    },
    async (request) => {
      const { id } = request.params;
      orNotFound(await experts.findById(id), 'expert');
      const bag = new FieldErrorBag();
      const access = await checkAccess(app.repos, request.body, bag);
      bag.throwIfAny();
      await experts.save(actorOf(request), id, access!.access, access!.teams);
      return { data: await presentOne(id) };
    },
  );

  /** Turns the user back into a non-expert; the user itself stays. */
  r.delete(
    '/experts/:id',
    {
      preHandler: app.requirePermission('delete_experts'),
      schema: { params: IdParams, response: responses({ 200: ExpertDeletedResponse }) },
    },
    async (request) => {
      const { id } = request.params;
      const user = orNotFound(await experts.findById(id), 'expert');
      refuseSelfChange(authOf(request), id, 'expert');
      await experts.remove(actorOf(request), id);
      return { data: { id: user.id, name: user.name, surname: user.surname } };
    },
  );
}
