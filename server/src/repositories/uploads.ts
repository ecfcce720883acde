import type { Db } from '../db/index.js';
import { defineRepository } from './registry.js';

/** The uploaded images the database still points at (team logos, course and module covers). */
export function createUploadsRepository(db: Db) {
  return {
    async referencedPaths(): Promise<Set<string>> {
      const rows = await db
        .selectFrom('teams')
        .select('avatar as path')
        .where('avatar', 'is not', null)
        .unionAll(db.selectFrom('courses').select('cover_url as path').where('cover_url', 'is not', null))
        .unionAll(db.selectFrom('modules').select('cover_url as path').where('cover_url', 'is not', null))
        .execute();
      return new Set(rows.map((row) => row.path).filter((path): path is string => typeof path === 'string'));
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

declare module './registry.js' {
  interface Repositories {
    uploads: UploadsRepository;
  }
}
export const repository = defineRepository('uploads', createUploadsRepository);
