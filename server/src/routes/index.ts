import type { FastifyInstance } from 'fastify';

/**
 * The /api scope: every request counts against the API's rate limits (per address, then per user),
 * and every route needs a valid bearer token unless it says `config: { public: true }`.
 * One line per resource module.
 */
export default async function api(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.apiRateLimit.byAddress);
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.apiRateLimit.byUser);
  // Answers are personal and change with every write: no browser or proxy keeps them, unless a
  // route says otherwise (e.g. the calendar feed).
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // resource routes are registered below, one line each
  await app.register((await import('./auth.js')).default);
  await app.register((await import('./user.js')).default);
  await app.register((await import('./config.js')).default);
  await app.register((await import('./attendances.js')).default);
  await app.register((await import('./teams.js')).default);
  await app.register((await import('./sessions.js')).default);
  await app.register((await import('./experts.js')).default);
  await app.register((await import('./roles.js')).default);
  await app.register((await import('./permissions.js')).default);
  await app.register((await import('./users.js')).default);
  await app.register((await import('./stats.js')).default);
  await app.register((await import('./courses.js')).default);
  await app.register((await import('./modules.js')).default);
  await app.register((await import('./lessons.js')).default);
  await app.register((await import('./accessibility-reports.js')).default);
  await app.register((await import('./reports.js')).default);
  await app.register((await import('./calendar.js')).default);
  await app.register((await import('./audit.js')).default);
}
