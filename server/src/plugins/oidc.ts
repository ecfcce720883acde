import fp from 'fastify-plugin';
import { OidcClient } from '../auth/oidc-client.js';
import { clientConfigSource, type ClientConfigSource } from '../modules/config/presenter.js';
import { createSignInRepository, type SignInRepository } from '../auth/sign-in-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The relying party talking to the configured provider (built-in or external). */
    oidc: OidcClient;
    /** The queries of signing in (pending requests, used codes, users behind identities). */
    signIns: SignInRepository;
    /** The SPA's public configuration: GET /api/config, and the copy every page's HTML carries. */
    clientConfig: ClientConfigSource;
  }
}

export default fp(
  async (app) => {
    const oidc = new OidcClient(app.config, () => app.now());
    app.decorate('oidc', oidc);
    app.decorate('clientConfig', clientConfigSource(app.config, oidc));
    // The first page served after a start then already carries the configuration.
    app.addHook('onReady', async () => {
      app.clientConfig.latest();
    });
    app.decorate(
      'signIns',
      createSignInRepository(app.db, () => app.now()),
    );
  },
  { name: 'oidc-client', dependencies: ['core', 'clock'] },
);
