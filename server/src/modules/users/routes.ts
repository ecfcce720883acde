import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf, actorOf } from '../../plugins/auth.js';
import { can, WILDCARD_PERMISSION } from '../../access/can.js';
import { orNotFound, validationFailed } from '../../http/errors.js';
import { checkBody } from '../../http/body-rules.js';
import { blankFields } from '../../http/blank-fields.js';
import { requiredMessage } from '../../http/field-labels.js';
import { presentAdminUser } from './presenter.js';
import { romeToday } from '../../calendar/calendar-days.js';
import { IdParams, ListQuery, responses } from '../../http/schemas.js';
import { isUniqueViolation } from '../../db/errors.js';
import { birthdateProblem } from './person-rules.js';
import { refuseSelfChange, requireEveryPermission } from '../../access/delegation.js';
import {
  AdminUserListResponse,
  AdminUserResponse,
  UserCreateBody,
  UserDeletedResponse,
  UserMoocBody,
  UserRolesBody,
} from './schemas.js';

const EMAIL_TAKEN = "L'indirizzo email è già in uso.";

const compactTaxId = (taxId: string | null | undefined) => (taxId ? taxId.replace(/\s+/g, '').toUpperCase() : null);

/** The values to store from a new user's form: trimmed, the email lower-case, the tax id compact. */
function userValues(body: UserCreateBody) {
  return {
    name: body.name.trim(),
    surname: body.surname.trim(),
    email: body.email.trim().toLowerCase(),
    tax_id: compactTaxId(body.tax_id),
    birthdate: body.birthdate || null,
  };
}

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { users, roles } = app.repos;
  const findUser = async (id: number) => orNotFound(await users.findById(id), 'user');
  const presentOne = async (id: number) => presentAdminUser(orNotFound(await users.findDetail(id), 'user'));

  r.get(
    '/users',
    {
      preHandler: app.requirePermission('read_users'),
      schema: { querystring: ListQuery, response: responses({ 200: AdminUserListResponse }) },
    },
    async (request) => {
      const { rows, meta } = await users.list(request.query);
      return { data: rows.map(presentAdminUser), meta };
    },
  );

  r.get(
    '/users/:id',
    {
      preHandler: app.requirePermission('read_users'),
      schema: { params: IdParams, response: responses({ 200: AdminUserResponse }) },
    },
    async (request) => {
      return { data: await presentOne(request.params.id) };
    },
  );

  r.post(
    '/users',
    {
      preHandler: [
        app.requirePermission('create_users'),
        checkBody<UserCreateBody>(async (body, errors) => {
          for (const field of ['name', 'surname'] as const)
            if (body.get(field)?.trim() === '') errors.add(field, requiredMessage(field));
          const taxId = compactTaxId(body.get('tax_id'));
          // Already a YYYY-MM-DD calendar day when set (the schema's "date" format).
          const birthdate = body.get('birthdate');
          const email = body.get('email')?.trim().toLowerCase();
          if (taxId && !/^[A-Z0-9]{11,16}$/.test(taxId)) errors.add('tax_id', 'Il codice fiscale non è valido.');
          const birthdateError = birthdateProblem(birthdate, romeToday(app.now()));
          if (birthdateError) errors.add('birthdate', birthdateError);
          if (email && (await users.emailTaken(email))) errors.add('email', EMAIL_TAKEN);
        }),
      ],
      preValidation: blankFields({ required: ['name', 'surname', 'email'], optional: ['tax_id', 'birthdate'] }),
      schema: { body: UserCreateBody, response: responses({ 201: AdminUserResponse }) },
    },
    async (request, reply) => {
      const { name, surname, email, tax_id: taxId, birthdate } = userValues(request.body);
      let id: number;
      try {
        id = await users.create(actorOf(request), { name, surname, email, tax_id: taxId, birthdate });
      } catch (error) {
        if (isUniqueViolation(error)) throw validationFailed({ email: [EMAIL_TAKEN] });
        throw error;
      }
      reply.status(201);
      return { data: await presentOne(id) };
    },
  );

  r.put(
    '/users/:id/roles',
    {
      preHandler: app.requirePermission('update_roles'),
      schema: { params: IdParams, body: UserRolesBody, response: responses({ 200: AdminUserResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      await findUser(id);
      const wanted = [...new Set(request.body.roles)];
      if ((await roles.existingIds(wanted)).length !== wanted.length) {
        throw validationFailed({ roles: ['Uno o più ruoli selezionati non esistono.'] });
      }
      const current = await users.roleIdsOf(id);
      const removed = current.filter((x) => !wanted.includes(x));
      const changed = [...wanted.filter((x) => !current.includes(x)), ...removed];
      if (changed.length) {
        // One's own roles are another administrator's decision: giving oneself one is a climb,
        // taking one away would remove the very access that undoes it.
        refuseSelfChange(auth, id, 'roles');
        // A role is given or taken only by someone who holds all it grants ("developer" included).
        requireEveryPermission(auth, await roles.permissionNamesOf(changed), 'assign');
      }
      await users.setRoles(actorOf(request), id, wanted);
      return { data: await presentOne(id) };
    },
  );

  r.put(
    '/users/:id/mooc',
    {
      preHandler: app.requirePermission('update_roles'),
      schema: { params: IdParams, body: UserMoocBody, response: responses({ 200: AdminUserResponse }) },
    },
    async (request) => {
      const { id } = request.params;
      const user = await findUser(id);
      if (Boolean(user.mooc_access) !== request.body.mooc_access) refuseSelfChange(authOf(request), id, 'mooc');
      await users.setMoocAccess(actorOf(request), id, request.body.mooc_access);
      return { data: await presentOne(id) };
    },
  );

  /** Cascades through every relation; teams they coordinated keep working without coordinator. */
  r.delete(
    '/users/:id',
    {
      preHandler: app.requirePermission('delete_users'),
      schema: { params: IdParams, response: responses({ 200: UserDeletedResponse }) },
    },
    async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      const user = await findUser(id);
      if (id === auth.userId) throw validationFailed({ user_id: ['Non puoi eliminare il tuo account.'] });
      if (!can(auth, WILDCARD_PERMISSION)) {
        if (await users.anyDeveloperRole(await users.roleIdsOf(id))) {
          throw validationFailed({ user_id: ['Solo uno sviluppatore può eliminare un altro sviluppatore.'] });
        }
      }
      await users.delete(actorOf(request), id);
      return { data: { id: user.id, name: user.name, surname: user.surname, email: user.email } };
    },
  );
}
