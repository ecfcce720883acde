import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { responses } from '../../http/schemas.js';

/** The OpenAPI document (plugins/openapi.ts builds it from every route), public like the page that reads it. */
export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/openapi.json',
    {
      config: { public: true },
      schema: {
        description: 'The OpenAPI 3.1 document of this API, the one /api/docs shows.',
        response: responses({
          200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1 document' }),
        }),
      },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );
}
