import type { FastifyInstance } from 'fastify';

/**
 * The /api scope: every route needs a valid bearer token unless it says `config: { public: true }`.
 * One line per resource module.
 */
export default async function api(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  // resource routes are registered below, one line each
}
