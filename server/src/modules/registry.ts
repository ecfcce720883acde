import type { Db } from '../db/index.js';
import type { Clock } from './shared.js';

/**
 * Every repository of the API, by its name on `app.repos`. Each repository module adds its own
 * entry here (declaration merging) and exports its definition (modules/<resource>/repository.ts):
 *
 *   declare module '../registry.js' {
 *     interface Repositories { partners: PartnersRepository }
 *   }
 *   export const repository = defineRepository('partners', createPartnersRepository);
 *
 * plugins/repositories.ts builds the repository of every module modules/index.ts lists.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Repositories {}

export interface RepositoryDefinition<K extends keyof Repositories = keyof Repositories> {
  name: K;
  create: (db: Db, now: Clock) => Repositories[K];
}

export function defineRepository<K extends keyof Repositories>(
  name: K,
  create: (db: Db, now: Clock) => Repositories[K],
): RepositoryDefinition<K> {
  return { name, create };
}
