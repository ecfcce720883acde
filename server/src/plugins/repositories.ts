import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import { MODULES } from '../modules/index.js';
import type { Repositories } from '../modules/registry.js';
import type { Clock } from '../modules/shared.js';

/**
 * Every repository of the API, built on one database and clock. A repository is the only place
 * that queries its resource's tables: a factory taking the database and the clock and returning
 * named methods, listed in modules/index.ts (see modules/registry.ts).
 */
export async function createRepositories(db: Db, now: Clock): Promise<Repositories> {
  const repos: Record<string, unknown> = {};
  for (const module of MODULES) {
    if (!module.repository) continue;
    const { repository } = await module.repository();
    repos[repository.name] = repository.create(db, now);
  }
  return repos as unknown as Repositories;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The repositories, built once on the application's database and clock. */
    repos: Repositories;
  }
}

export default fp(
  async (app) => {
    // Read the clock on every call: tests replace app.now to move time.
    app.decorate('repos', await createRepositories(app.db, () => app.now()));
  },
  { name: 'repositories', dependencies: ['core', 'clock'] },
);
