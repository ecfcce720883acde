import fp from 'fastify-plugin';
import { httpDuration, httpRequests } from '../infra/metrics.js';

/** Requests no route matched (404s, probes for paths that do not exist): one series for them all. */
const UNMATCHED = '(unmatched)';

/**
 * Counts every answer and its duration by method, route pattern (`/api/teams/:id`, never the
 * address itself, which would make a series per record) and status (infra/metrics.ts). Registered
 * only when METRICS_PORT is set (app.ts).
 */
export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status: String(reply.statusCode),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics' },
);
