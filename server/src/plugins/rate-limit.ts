import cluster from 'node:cluster';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { clusterCounter, databaseCounter, sharedStore } from '../lib/shared-rate-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The whole API's limits: per client address (before sign-in is checked) and per signed-in user. */
    apiRateLimit: { byAddress: onRequestHookHandler; byUser: onRequestHookHandler };
  }
}

const MINUTE_MS = 60_000;

/**
 * Rate limits. Every /api request counts against its client address and, once the token is known,
 * against its user (API_RATE_LIMIT_PER_ADDRESS, API_RATE_LIMIT_PER_USER, per minute); single routes
 * may add their own (`config: { rateLimit: {...} }`), e.g. the sign-in exchange. Over a limit the
 * answer is 429 with Retry-After and an Italian message (the error handler writes it). With several
 * server processes the counts are shared (lib/shared-rate-limits.ts).
 */
export default fp(
  async (app) => {
    // Several server processes count together: in the database on PostgreSQL (other hosts may
    // serve too), in the cluster's primary for workers on SQLite; one process keeps its own.
    const store =
      app.config.database.kind === 'postgres'
        ? sharedStore(databaseCounter(app.repos.rateLimits, (err) => app.log.warn({ err }, 'rate-limit purge failed')))
        : cluster.isWorker
          ? sharedStore(clusterCounter())
          : undefined;
    await app.register(rateLimit, { global: false, ...(store ? { store } : {}) });
    const { perAddressPerMinute, perUserPerMinute } = app.config.apiRateLimit;
    /** One limit as a hook; several can run on one request (the plugin's own handler runs once per request). */
    const limit = (max: number, key: (request: FastifyRequest) => string | null): onRequestHookHandler => {
      const check = app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: (request) => key(request) ?? '' });
      return async (request, reply) => {
        if (key(request) === null) return;
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
      };
    };
    app.decorate('apiRateLimit', {
      byAddress: limit(perAddressPerMinute, (request) => `address:${request.ip}`),
      byUser: limit(perUserPerMinute, (request) => (request.auth ? `user:${request.auth.userId}` : null)),
    });
  },
  { name: 'rate-limit', dependencies: ['core', 'auth', 'repositories'] },
);
