import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { actorOf } from '{{import:auth}}';
import { orNotFound } from '{{import:errors}}';
import { checkBody, recordExists } from '{{import:bodyRules}}';
import { blankFields } from '{{import:blankFields}}';
import { editVersionOf } from '{{import:editVersions}}';
import { IdParams, ListQuery, responses } from '{{import:commonSchemas}}';
import type { {{Plural}}Repository } from '{{import:repository}}';
import { present{{Singular}} } from '{{import:presenter}}';
import { {{Singular}}Body, {{Singular}}DeletedResponse, {{Singular}}ListResponse, {{Singular}}Response } from '{{import:schemas}}';

const NAME_TAKEN = {{q:nameTaken}};

/** Trims the text fields; a blank name is missing ("obbligatorio"), a blank description null. */
const trimmed = blankFields({ required: ['name'], optional: ['description'] });

/** The name is not another {{one}}'s (`:id` is the one being changed). */
function nameRules({{camel}}: {{Plural}}Repository) {
  return checkBody<{{Singular}}Body>(async (body, errors, request) => {
    const name = body.get('name');
    const { id } = request.params as { id?: number };
    if (name && (await {{camel}}.nameTaken(name, id ?? null))) errors.add('name', NAME_TAKEN);
  });
}

/**
 * The values to store from a body that passed its schema and its rules. A blank description is
 * null (the schema's coercion turns a null into "" before this).
 */
function values(body: {{Singular}}Body) {
  return { name: body.name, description: body.description?.trim() || null };
}

/**
 * {{labelPlural}}: list, read, create, change and delete, each with its permission (`config.permission`:
 * enforced by plugins/auth.ts and shown in the API reference).
 */
export default async function {{camel}}Routes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { {{camel}} } = app.repos;
  const found = async (id: number) => ({ data: present{{Singular}}(orNotFound(await {{camel}}.findById(id), '{{singular}}')) });

  r.get(
    '/{{kebab}}',
    {
      config: { permission: 'read_{{name}}' },
      schema: { querystring: ListQuery, response: responses({ 200: {{Singular}}ListResponse }) },
    },
    async (request) => {
      const { rows, meta } = await {{camel}}.list(request.query);
      return { data: rows.map(present{{Singular}}), meta };
    },
  );

  r.get(
    '/{{kebab}}/:id',
    {
      config: { permission: 'read_{{name}}', editVersion: editVersionOf({{Singular}}Body) },
      schema: { params: IdParams, response: responses({ 200: {{Singular}}Response }) },
    },
    async (request) => found(request.params.id),
  );

  r.post(
    '/{{kebab}}',
    {
      preValidation: trimmed,
      config: { permission: 'create_{{name}}' },
      preHandler: nameRules({{camel}}),
      schema: { body: {{Singular}}Body, response: responses({ 201: {{Singular}}Response }) },
    },
    async (request, reply) => {
      const id = await {{camel}}.create(actorOf(request), values(request.body));
      reply.status(201);
      return found(id);
    },
  );

  r.put(
    '/{{kebab}}/:id',
    {
      preValidation: trimmed,
      preHandler: [recordExists('{{singular}}', (id) => {{camel}}.findById(id)), nameRules({{camel}})],
      config: {
        permission: 'update_{{name}}',
        editVersion: editVersionOf({{Singular}}Body, (request) => found((request.params as IdParams).id)),
      },
      schema: { params: IdParams, body: {{Singular}}Body, response: responses({ 200: {{Singular}}Response }) },
    },
    async (request) => {
      const { id } = request.params;
      await {{camel}}.update(actorOf(request), id, values(request.body));
      return found(id);
    },
  );

  r.delete(
    '/{{kebab}}/:id',
    {
      config: { permission: 'delete_{{name}}' },
      schema: { params: IdParams, response: responses({ 200: {{Singular}}DeletedResponse }) },
    },
    async (request) => {
      const { data } = await found(request.params.id);
      await {{camel}}.delete(actorOf(request), data.id);
      return { data: { id: data.id, name: data.name } };
    },
  );
}
