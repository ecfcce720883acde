import fp from 'fastify-plugin';
import { CLOSING_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors.js';

/**
 * Where this process is in a stop:
 * - `serving`: the usual;
 * - `draining`: a stop has begun (shutdown.ts): every request is still served, only /readyz answers
 *   503, so that a proxy or an orchestrator polling it sends new traffic elsewhere first;
 * - `closing`: `app.close()` runs: no new connections, requests in flight finish.
 */
export type LifecycleState = 'serving' | 'draining' | 'closing';

export interface Lifecycle {
  readonly state: LifecycleState;
  /** Starts draining (nothing changes once draining or closing). */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
  interface FastifyContextConfig {
    /** Still answered while the server closes (the health probes); every other route then answers 503. */
    servedWhileClosing?: boolean;
  }
}

/**
 * A request that arrives while the server closes — on a kept-alive connection, or sent before the
 * connection was closed — gets the API's error shape in Italian with Retry-After, not Fastify's own
 * English 503 (`return503OnClosing: false` in app.ts hands such requests to this hook). Its answer
 * carries `Connection: close` (Fastify adds it while closing), so the client reconnects, elsewhere
 * behind a proxy.
 */
export default fp(
  async (app) => {
    let state: LifecycleState = 'serving';
    app.decorate('lifecycle', {
      get state() {
        return state;
      },
      drain() {
        if (state === 'serving') state = 'draining';
      },
    } satisfies Lifecycle);
    // Fastify runs preClose as soon as close() is called, before the server stops listening.
    app.addHook('preClose', (done) => {
      state = 'closing';
      done();
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (state !== 'closing' || request.routeOptions.config.servedWhileClosing) return done();
      reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ message: CLOSING_MESSAGE });
    });
  },
  { name: 'lifecycle' },
);
