import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isDatabaseUnavailable, describeDatabaseError } from '../db/errors.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../plugins/errors.js';

const Status = Type.Object({ status: Type.String() });

/**
 * Probes for a reverse proxy or an orchestrator, outside /api and without a token:
 * - `GET /healthz`: the process is alive and serving (never touches the database);
 * - `GET /readyz`: the database answers and every migration is applied, else 503 with Retry-After;
 *   503 `stopping` too from the moment a stop begins (plugins/lifecycle.ts), while the process still
 *   serves, so that whoever polls it sends no more traffic here before the port closes.
 * Both are cheap enough to be polled every second, are not written to the request log, and keep
 * answering while the server closes.
 */
export default async function healthRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  const config = { servedWhileClosing: true, public: true };

  app.get(
    '/healthz',
    {
      logLevel: 'warn',
      config,
      schema: {
        description: '`200 {"status":"ok"}` while the process is alive; never touches the database.',
        response: { 200: Status },
      },
    },
    async () => ({
      status: 'ok',
    }),
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      config,
      schema: {
        description:
          '`200 {"status":"ready"}` when the database answers and every migration is applied, else `503` with `Retry-After` and `{"status":"database unavailable"}` or `{"status":"migrations pending"}`.',
        response: { 200: Status, 503: Status },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.state !== 'serving') {
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ status: 'stopping' });
      }
      try {
        const state = await app.repos.health.readiness();
        if (state === 'ready') return { status: 'ready' };
        return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ status: state });
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.warn({ err: error }, `readiness: database unavailable: ${describeDatabaseError(error)}`);
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
          .send({ status: 'database unavailable' });
      }
    },
  );
}
