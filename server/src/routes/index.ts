import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROUTES_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * The /api scope: every request counts against the API's rate limits (per address, then per user),
 * and every route needs a valid bearer token unless it says `config: { public: true }`.
 * Every other module of this folder is a resource's routes (its default export), registered in
 * name order: a new resource's routes are one file, with no list to update.
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
  const files = readdirSync(ROUTES_DIR)
    .filter((file) => /\.[jt]s$/.test(file) && !file.endsWith('.d.ts') && !/^index\.[jt]s$/.test(file))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(ROUTES_DIR, file)).href)) as { default: FastifyPluginAsync };
    await app.register(module.default);
  }
}
