import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SIGN_IN_SCOPE } from '../auth/scope.js';
import { HttpError } from '../lib/errors.js';
import { responses } from '../schemas/common.js';
import { ClientConfig } from '../schemas/config.js';

/** GET /api/config: the provider settings the SPA reads at run time (one build, any deployment). */
export default async function configRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app;

  app.get(
    '/config',
    { config: { public: true }, schema: { response: responses({ 200: ClientConfig }) } },
    async (request) => {
      let authorizeUrl: string;
      let policyUri: string | null;
      try {
        authorizeUrl = await app.oidc.authorizationEndpoint();
        policyUri = config.privacyUrl ? null : await app.oidc.policyUri();
      } catch (error) {
        request.log.warn({ err: error }, 'provider discovery failed');
        throw new HttpError(503, 'Il provider di identità non risponde. Riprova più tardi.');
      }
      return {
        authorize_url: authorizeUrl,
        client_id: config.oidc.clientId,
        redirect_uri: app.oidc.redirectUri,
        scope: SIGN_IN_SCOPE,
        provider_label: config.providerLabel,
        account_url: config.accountUrl,
        privacy_url: config.privacyUrl ?? policyUri,
        avatar_host: config.avatarHost,
      };
    },
  );
}
