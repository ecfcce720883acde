import fp from 'fastify-plugin';
import { OidcClient } from '../auth/oidc-client.js';
import { createSignInRepository, type SignInRepository } from '../repositories/sign-in.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The relying party talking to the configured provider (built-in or external). */
    oidc: OidcClient;
    /** The queries of signing in (pending requests, used codes, users behind identities). */
    signIns: SignInRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('oidc', new OidcClient(app.config, () => app.now()));
    app.decorate('signIns', createSignInRepository(app.db, () => app.now()));
  },
  { name: 'oidc-client', dependencies: ['core', 'clock'] },
);
