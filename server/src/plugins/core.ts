import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { runtimeOf, type Db } from '../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

/** Makes the configuration and the database reachable from every plugin and route. */
export default fp<{ config: Config; db: Db }>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    // Another process's commit is seen by the next request that arrives, wherever it lands.
    const runtime = runtimeOf(db);
    if (runtime?.kind === 'sqlite') {
      app.addHook('onRequest', (_request, _reply, done) => {
        runtime.forgetExternalVersion();
        done();
      });
    }
  },
  { name: 'core' },
);
