import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http/errors.js';
import { responses } from '../../http/schemas.js';
import { ClientConfig } from './schemas.js';

/**
 * GET /api/config: the provider settings the SPA reads at run time (one build, any deployment).
 * Pages served by the server carry the same answer in their HTML (plugins/spa.ts), so the SPA asks
 * this only when its page came without it.
 */
export default async function configRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/config',
    {
      config: { public: true },
      schema: {
        description: 'Provider settings for the SPA (no secret).',
        response: responses({ 200: ClientConfig }),
      },
    },
    async (request) => {
      try {
        return await app.clientConfig.load();
      } catch (error) {
        request.log.warn({ err: error }, 'provider discovery failed');
        throw new HttpError(503, 'Il provider di identità non risponde. Riprova più tardi.');
      }
    },
  );
}
