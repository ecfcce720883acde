import fp from 'fastify-plugin';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Db } from '../db/index.js';
import type { Repositories, RepositoryDefinition } from '../repositories/registry.js';
import type { Clock } from '../repositories/shared.js';

export type { Repositories } from '../repositories/registry.js';

const REPOSITORIES_DIR = fileURLToPath(new URL('../repositories/', import.meta.url));

/** The modules of server/src/repositories that define a repository (`export const repository`). */
async function repositoryDefinitions(): Promise<RepositoryDefinition[]> {
  const files = readdirSync(REPOSITORIES_DIR).filter((file) => /\.[jt]s$/.test(file) && !file.endsWith('.d.ts')).sort();
  const modules = await Promise.all(files.map((file) => import(pathToFileURL(join(REPOSITORIES_DIR, file)).href)));
  return modules.flatMap((module: { repository?: RepositoryDefinition }) => (module.repository ? [module.repository] : []));
}

/**
 * Every repository of the API, built on one database and clock. A repository is the only place
 * that queries its resource's tables: a factory taking the database and the clock and returning
 * named methods, which registers itself (repositories/registry.ts).
 */
export async function createRepositories(db: Db, now: Clock): Promise<Repositories> {
  const repos: Record<string, unknown> = {};
  for (const definition of await repositoryDefinitions()) repos[definition.name] = definition.create(db, now);
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
