import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { authOf } from '../../plugins/auth.js';
import { orNotFound } from '../../http/errors.js';
import { IdParams, ListQuery, responses } from '../../http/schemas.js';
import { PersonalDataExportSchema } from './export.js';
import { ErasureRequestListResponse, ErasureRequestResponse, OwnErasureRequestResponse } from './schemas.js';

/**
 * "I miei dati": anyone signed in downloads what Percorso holds about them and asks to be erased.
 * Staff who may delete users (delete_users) read the requests and carry them out with
 * DELETE /api/users/{id}, which marks the request done.
 */
export default async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { privacy } = app.repos;

  r.get(
    '/user/export',
    { schema: { response: responses({ 200: PersonalDataExportSchema }) } },
    async (request, reply) => {
      const { userId } = authOf(request);
      const day = new Date(app.now()).toISOString().slice(0, 10);
      reply.header('Content-Disposition', `attachment; filename="percorso-i-miei-dati-${day}.json"`);
      return privacy.exportOf(userId);
    },
  );

  r.get(
    '/user/erasure-request',
    { schema: { response: responses({ 200: OwnErasureRequestResponse }) } },
    async (request) => ({ data: await privacy.ownRequest(authOf(request).userId) }),
  );

  r.post(
    '/user/erasure-request',
    { schema: { response: responses({ 200: OwnErasureRequestResponse, 201: OwnErasureRequestResponse }) } },
    async (request, reply) => {
      const { request: pending, created } = await privacy.requestErasure(authOf(request).userId);
      reply.status(created ? 201 : 200);
      return { data: pending };
    },
  );

  const readRequests = app.requirePermission('delete_users');

  r.get(
    '/erasure-requests',
    {
      preHandler: readRequests,
      schema: { querystring: ListQuery, response: responses({ 200: ErasureRequestListResponse }) },
    },
    async (request) => privacy.listRequests(request.query),
  );

  r.get(
    '/erasure-requests/:id',
    { preHandler: readRequests, schema: { params: IdParams, response: responses({ 200: ErasureRequestResponse }) } },
    async (request) => ({ data: orNotFound(await privacy.findRequest(request.params.id), 'erasure_request') }),
  );
}
