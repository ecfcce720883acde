import cluster from 'node:cluster';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clusterCounter,
  databaseCounter,
  sharedStore,
  windowCounter,
  type Counter,
  type Hit,
} from '../infra/rate-limits/shared.js';
import { rateLimitAddress } from '../infra/rate-limits/address.js';

/**
 * One of the API's limits: nothing when the request is under it (at once with this process's own
 * counters, a promise with shared ones), a 429 error with Retry-After on the reply otherwise.
 */
export type ApiLimit = (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The whole API's limits: per client address (before sign-in is checked) and per signed-in user. */
    apiRateLimit: { byAddress: ApiLimit; byUser: ApiLimit };
  }
}

const MINUTE_MS = 60_000;

/**
 * Rate limits. Every /api request counts against its client address (an IPv6 one by its /64) and, once the token is known,
 * against its user (API_RATE_LIMIT_PER_ADDRESS, API_RATE_LIMIT_PER_USER, per minute; plugins/api.ts
 * runs them around the token check). Over a limit the answer is 429 with Retry-After and an Italian
 * message (the error handler writes it). Other limits (the development provider's login form) use
 * @fastify/rate-limit's `createRateLimit`. With several server processes the counts are shared
 * (infra/rate-limits/shared.ts).
 */
export default fp(
  async (app) => {
    // Several server processes count together: in the database on PostgreSQL (other hosts may
    // serve too), in the cluster's primary for workers on SQLite; one process keeps its own.
    const shared =
      app.config.database.kind === 'postgres'
        ? databaseCounter(app.repos.rateLimits, (err) => app.log.warn({ err }, 'rate-limit purge failed'))
        : cluster.isWorker
          ? clusterCounter()
          : undefined;
    // Every limit counts a client by its address, an IPv6 one by its /64 (infra/rate-limits/address.ts).
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => rateLimitAddress(request.ip),
      ...(shared ? { store: sharedStore(shared) } : {}),
    });
    // The API's own limits count without the plugin: it costs a few promises per limit and request,
    // where a counter in this process answers at once.
    const counter: Counter = shared ?? windowCounter();
    const { perAddressPerMinute, perUserPerMinute } = app.config.apiRateLimit;
    const limit = (max: number, key: (request: FastifyRequest) => string | null): ApiLimit => {
      const check = (reply: FastifyReply, { hits, msLeft }: Hit) => {
        if (hits <= max) return;
        reply.header('retry-after', String(Math.ceil(msLeft / 1000)));
        throw Object.assign(new Error('Too many requests'), { statusCode: 429 });
      };
      return (request, reply) => {
        const k = key(request);
        if (k === null) return;
        const hit = counter.hit(k, MINUTE_MS);
        if (hit instanceof Promise) return hit.then((counted) => check(reply, counted));
        check(reply, hit);
      };
    };
    app.decorate('apiRateLimit', {
      byAddress: limit(perAddressPerMinute, (request) => `api:address:${rateLimitAddress(request.ip)}`),
      byUser: limit(perUserPerMinute, (request) => (request.auth ? `api:user:${request.auth.userId}` : null)),
    });
  },
  { name: 'rate-limit', dependencies: ['core', 'auth', 'repositories'] },
);
