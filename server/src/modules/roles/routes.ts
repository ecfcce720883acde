import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf, actorOf } from '../../plugins/auth.js';
import { WILDCARD_PERMISSION } from '../../access/can.js';
import { FieldErrorBag, orNotFound } from '../../http/errors.js';
import { checkBody, recordExists } from '../../http/body-rules.js';
import { requiredMessage } from '../../http/field-labels.js';
import type { RolesRepository, RoleWithPermissions } from './repository.js';
import { isPermissionName, PERMISSIONS, type PermissionName } from '../../access/permissions.js';
import { IdParams, ListQuery, responses } from '../../http/schemas.js';
import { RoleBody, RoleDeletedResponse, RoleListResponse, RoleResponse, type RoleResource } from './schemas.js';
import { editVersionOf } from '../../plugins/edit-versions.js';
import { requireDeveloperFor, requireEveryPermission } from '../../access/delegation.js';

/** Descriptions come from the catalogue, like GET /api/permissions. */
function presentRole(role: RoleWithPermissions): RoleResource {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    created_at: role.created_at,
    permissions: role.permissions.map((name) => ({
      name,
      description: isPermissionName(name) ? PERMISSIONS[name] : name,
    })),
    users_count: role.users_count,
  };
}

/**
 * A role body against the permission catalogue and the other roles. Who may create or edit it
 * (access/delegation.ts) is settled by the handler, on a body these rules let through.
 */
function roleRules(roles: RolesRepository) {
  return checkBody<RoleBody>(async (body, errors, request) => {
    const roleId = (request.params as Partial<IdParams>).id ?? null;
    const name = body.get('name')?.trim();
    if (name === '') errors.add('name', requiredMessage('name'));
    if (body.get('description')?.trim() === '') errors.add('description', requiredMessage('description'));
    const permissions = body.get('permissions');
    if (permissions) {
      const unknown = [...new Set(permissions)].filter((p) => !isPermissionName(p));
      if (unknown.length) errors.add('permissions', `Permessi sconosciuti: ${unknown.join(', ')}.`);
    }
    if (name && (await roles.nameTaken(name, roleId))) errors.add('name', 'Esiste già un ruolo con questo nome.');
  });
}

/**
 * The values to store from a body that passed its schema and its rules. Without `permissions` the
 * role keeps the ones it has (a new role has none): an omitted list never empties a role, which
 * would take "developer" away past the rule that only a developer may.
 */
function roleValues(body: RoleBody) {
  const permissions = body.permissions && ([...new Set(body.permissions)] as PermissionName[]);
  return { name: body.name.trim(), description: body.description.trim(), permissions };
}

const sameNames = (a: string[], b: string[]) =>
  JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());

export default async function roleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { roles } = app.repos;
  const presentOne = async (id: number) => presentRole(orNotFound(await roles.findDetail(id), 'role'));

  /** Roles are few and shown as a card grid: all of them unless `page`/`per_page` is given. */
  r.get(
    '/roles',
    {
      preHandler: app.requirePermission('read_roles'),
      schema: { querystring: ListQuery, response: responses({ 200: RoleListResponse }) },
    },
    async (request) => {
      const { rows, meta } = await roles.list(request.query);
      return { data: rows.map(presentRole), meta };
    },
  );

  r.get(
    '/roles/:id',
    {
      preHandler: app.requirePermission('read_roles'),
      config: { editVersion: editVersionOf(RoleBody) },
      schema: { params: IdParams, response: responses({ 200: RoleResponse }) },
    },
    async (request) => {
      return { data: await presentOne(request.params.id) };
    },
  );

  r.post(
    '/roles',
    {
      preHandler: [app.requirePermission('create_roles'), roleRules(roles)],
      schema: { body: RoleBody, response: responses({ 201: RoleResponse }) },
    },
    async (request, reply) => {
      const values = roleValues(request.body);
      // Nobody hands out, through a new role, a permission they do not hold themselves.
      requireEveryPermission(authOf(request), values.permissions ?? [], 'create');
      const id = await roles.create(
        actorOf(request),
        { name: values.name, description: values.description },
        values.permissions ?? [],
      );
      reply.status(201);
      return { data: await presentOne(id) };
    },
  );

  r.put(
    '/roles/:id',
    {
      preHandler: [
        app.requirePermission('edit_roles'),
        recordExists('role', (id) => roles.findById(id)),
        roleRules(roles),
      ],
      config: {
        editVersion: editVersionOf(RoleBody, async (request) => ({
          data: await presentOne((request.params as IdParams).id),
        })),
      },
      schema: { params: IdParams, body: RoleBody, response: responses({ 200: RoleResponse }) },
    },
    async (request) => {
      const { id } = request.params;
      orNotFound(await roles.findById(id), 'role');
      const values = roleValues(request.body);
      const auth = authOf(request);
      const before = await roles.permissionNames(id);
      // A developer role is a developer's business, its name included (renaming one is no less a climb).
      requireDeveloperFor(auth, before);
      if (values.permissions && !sameNames(before, values.permissions)) {
        // Neither adding a permission one lacks nor taking one away from a role one could not create.
        requireEveryPermission(auth, [...before, ...values.permissions], 'edit');
      }
      await roles.update(
        actorOf(request),
        id,
        { name: values.name, description: values.description },
        values.permissions,
      );
      return { data: await presentOne(id) };
    },
  );

  r.delete(
    '/roles/:id',
    {
      preHandler: app.requirePermission('delete_roles'),
      schema: { params: IdParams, response: responses({ 200: RoleDeletedResponse }) },
    },
    async (request) => {
      const { id } = request.params;
      const role = orNotFound(await roles.findById(id), 'role');
      const auth = authOf(request);
      if (
        (await roles.permissionNames(id)).includes(WILDCARD_PERMISSION) &&
        !auth.permissions.has(WILDCARD_PERMISSION)
      ) {
        new FieldErrorBag()
          .add('permissions', 'Solo uno sviluppatore può eliminare un ruolo con il permesso developer.')
          .throwIfAny();
      }
      await roles.delete(actorOf(request), id);
      return { data: role };
    },
  );
}
