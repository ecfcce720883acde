import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';

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
  },
  { name: 'core' },
);
