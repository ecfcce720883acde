import { readiness, type Db } from '../../db/index.js';
import { defineRepository } from '../registry.js';

/** What the readiness probe asks the database. */
export function createHealthRepository(db: Db) {
  return {
    /** 'ready', or 'migrations pending'; throws when the database cannot be reached. */
    readiness: () => readiness(db),
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;

declare module '../registry.js' {
  interface Repositories {
    health: HealthRepository;
  }
}
export const repository = defineRepository('health', createHealthRepository);
