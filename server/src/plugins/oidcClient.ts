import fp from 'fastify-plugin';
import { OidcClient } from '../auth/oidcClient.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The relying party talking to the configured provider (built-in or external). */
    oidc: OidcClient;
  }
}

export default fp(
  async (app) => {
    app.decorate('oidc', new OidcClient(app.config));
  },
  { name: 'oidc-client', dependencies: ['core'] },
);
