import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { NoContent, responses } from '../../http/schemas.js';
import { clientErrors } from '../../infra/metrics.js';
import { ClientErrorBody, STACK_MAX } from './schemas.js';

/**
 * Reports one client address may send per minute (beyond: 429 with Retry-After). The reporter
 * itself sends at most a few per page load; this bounds a page stuck in a loop, or a script.
 */
export const CLIENT_ERRORS_PER_MINUTE = 20;

/** A control character other than a line break or a tab: a stack keeps its lines, and nothing else. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * POST /api/client-errors: the portal and the back-office report the errors their pages meet
 * (uncaught errors, unhandled rejections, code that failed to download, screens that failed to
 * render), so that staff learn of a broken page from the log. Anyone may report (the sign-in
 * page can break too); a signed-in reporter's user id goes into the log line. Nothing is stored.
 */
export default async function clientErrorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/client-errors',
    {
      // Public: no permission; a token, when sent, only names the user in the log.
      config: { public: true, optionalAuth: true, rateLimit: { max: CLIENT_ERRORS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { body: ClientErrorBody, response: responses({ 204: NoContent }) },
    },
    async (request, reply) => {
      const { kind, message, stack, page, release } = request.body;
      clientErrors.inc({ kind });
      request.log.warn(
        {
          clientError: {
            kind,
            message: message.replace(CONTROL, ' '),
            stack: stack ? stack.slice(0, STACK_MAX).replace(CONTROL, ' ') : null,
            page,
            release,
            userId: request.auth?.userId ?? null,
          },
        },
        `browser error on ${page} (release ${release}): ${message.replace(CONTROL, ' ').slice(0, 200)}`,
      );
      return reply.status(204).send(null);
    },
  );
}
