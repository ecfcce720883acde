import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { hashToken } from '../../auth/tokens.js';
import { HttpError } from '../../http/errors.js';
import { authOf } from '../../plugins/auth.js';
import { presentSignIn } from './presenter.js';
import { SignInParams, SignInsResponses } from './schemas.js';

const NOT_FOUND = 'Accesso non trovato.';

/**
 * "Accessi attivi": the caller's own sign-ins, listed and ended. Only one's own: another person's
 * sign-in answers 404 as one that does not exist. `DELETE /user/tokens` ends every sign-in,
 * the caller's current one included ("Esci da tutti i dispositivi"): the portal then shows the
 * login screen.
 */
export default async function userTokensRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const signIns = app.repos.userTokens;

  app.get('/user/tokens', { schema: { response: SignInsResponses.list } }, async (request) => {
    const { userId, token } = authOf(request);
    const current = hashToken(token);
    return { data: (await signIns.list(userId)).map((row) => presentSignIn(row, current)) };
  });

  app.delete(
    '/user/tokens/:id',
    { schema: { params: SignInParams, response: SignInsResponses.end } },
    async (request, reply) => {
      if (!(await signIns.end(authOf(request).userId, request.params.id))) throw new HttpError(404, NOT_FOUND);
      return reply.status(204).send(null);
    },
  );

  app.delete('/user/tokens', { schema: { response: SignInsResponses.end } }, async (request, reply) => {
    await signIns.endAll(authOf(request).userId);
    return reply.status(204).send(null);
  });
}
