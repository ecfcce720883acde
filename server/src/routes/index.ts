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
  // Answers are personal and change with every write: no browser or proxy keeps them, unless a
  // route says otherwise (e.g. the calendar feed): a header the route sets wins over this one.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', app.apiRateLimit.byAddress);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.apiRateLimit.byUser);
  const files = readdirSync(ROUTES_DIR)
    .filter((file) => /\.[jt]s$/.test(file) && !file.endsWith('.d.ts') && !/^index\.[jt]s$/.test(file))
    .sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(join(ROUTES_DIR, file)).href)) as { default: FastifyPluginAsync };
    await app.register(module.default);
  }
}
