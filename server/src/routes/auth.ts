import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { claimAuthCode, purgeUsedAuthCodes } from '../auth/authCodes.js';
import { resolveLocalUser } from '../auth/identity.js';
import { CodeRejectedError } from '../auth/oidcClient.js';
import { issueToken, revokeToken } from '../auth/tokens.js';
import { HttpError, validationFailed } from '../lib/errors.js';
import { authOf } from '../plugins/auth.js';
import { AuthCallbackBody, AuthCallbackResponse } from '../schemas/auth.js';

const CODE_REFUSED = 'Il codice di accesso non è valido, è scaduto o è già stato utilizzato.';
const PROVIDER_DOWN = 'Il provider di identità non risponde. Riprova più tardi.';

/** Sign-in (code exchange) and sign-out. */
export default async function authRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/auth/callback',
    {
      config: {
        public: true,
        rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 },
      },
      schema: { body: AuthCallbackBody, response: { 200: AuthCallbackResponse } },
    },
    async (request) => {
      const { code, code_verifier: verifier, redirect_uri: redirectUri } = request.body;
      if (redirectUri !== undefined && redirectUri !== app.oidc.redirectUri) {
        throw validationFailed({ redirect_uri: ['L\'indirizzo di ritorno non corrisponde a quello registrato.'] });
      }
      if (!(await claimAuthCode(app.db, code))) {
        throw validationFailed({ code: [CODE_REFUSED] });
      }
      let identity;
      try {
        identity = await app.oidc.exchange(code, verifier);
      } catch (error) {
        request.log.warn({ err: error }, 'sign-in code exchange failed');
        if (error instanceof CodeRejectedError) throw validationFailed({ code: [CODE_REFUSED] });
        throw new HttpError(503, PROVIDER_DOWN);
      }
      const userId = await resolveLocalUser(app.db, identity);
      const accessToken = await issueToken(app.db, userId, app.config.tokenTtlSeconds);
      await purgeUsedAuthCodes(app.db);
      return { access_token: accessToken };
    },
  );

  app.post('/auth/logout', async (request, reply) => {
    await revokeToken(app.db, authOf(request).token);
    return reply.status(204).send();
  });
}
