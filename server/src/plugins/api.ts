import type { FastifyInstance } from 'fastify';
import { MODULES } from '../modules/index.js';

/**
 * The /api scope: every request counts against the API's rate limits (per address, then per user),
 * and every route needs a valid bearer token unless it says `config: { public: true }`; what it
 * checks besides is declared in its options too (`permission`, `relation`, `signedIn`: plugins/auth.ts).
 * The routes are the modules' (modules/index.ts), registered in the order that list gives.
 */
export default async function api(app: FastifyInstance): Promise<void> {
  const { byAddress, byUser } = app.apiRateLimit;
  // One hook for all of it (every hook Fastify runs costs its own turn): the address's limit, the
  // token, the user's limit, each a promise only when it has to wait for something.
  app.addHook('onRequest', async (request, reply) => {
    // Answers are personal and change with every write: no browser or proxy keeps them, unless a
    // route says otherwise (e.g. the calendar feed): a header the route sets wins over this one.
    reply.raw.setHeader('cache-control', 'no-store');
    await byAddress(request, reply);
    await app.authenticate(request);
    await byUser(request, reply);
  });
  for (const module of MODULES) {
    if (!module.routes) continue;
    const routes = (await module.routes()).default;
    // The module's name is its routes' tag in the API reference (plugins/openapi.ts).
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, tags: [module.name] };
      });
      await scope.register(routes);
    });
  }
}
