import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { runtimeOf, type Db } from '../db/index.js';
import { REQUEST_ID_HEADER } from '../http/request-ids.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

/**
 * Makes the configuration and the database reachable from every plugin and route, and gives every
 * answer its request's id (X-Request-Id: the id in each log line of the request, app.ts).
 */
export default fp<{ config: Config; db: Db }>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    // Another process's commit is seen by the next request that arrives, wherever it lands.
    // One hook for both (every hook Fastify runs costs its own turn).
    const runtime = runtimeOf(db);
    const sqlite = runtime?.kind === 'sqlite' ? runtime : null;
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
      sqlite?.forgetExternalVersion();
      done();
    });
  },
  { name: 'core' },
);
