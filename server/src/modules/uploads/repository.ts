import type { Db } from '../../db/index.js';
import type { Timestamp } from '../../db/schema.js';
import { isoNow, type Clock } from '../shared.js';
import { defineRepository } from '../registry.js';

/** An uploaded image, ready to be stored under its public path (infra/images.ts makes them). */
export interface StoredImage {
  /** `/storage/<folder>/<name>.webp`, what records point at. */
  path: string;
  contentType: string;
  /** Strong entity tag of `data`, quotes included. */
  etag: string;
  data: Buffer;
}

/**
 * Stores `image` inside the caller's transaction, so that the record pointing at it is saved with
 * it or not at all (used by the repositories whose records have images).
 */
export async function insertImage(trx: Db, now: Clock, image: StoredImage): Promise<void> {
  await trx
    .insertInto('uploaded_images')
    .values({
      path: image.path,
      content_type: image.contentType,
      etag: image.etag,
      data: image.data,
      created_at: isoNow(now),
    })
    .execute();
}

/** Removes the images at `paths` inside the caller's transaction (nulls and other paths are ignored). */
export async function deleteImages(trx: Db, paths: Array<string | null | undefined>): Promise<void> {
  const wanted = paths.filter((path): path is string => typeof path === 'string');
  if (!wanted.length) return;
  await trx.deleteFrom('uploaded_images').where('path', 'in', wanted).execute();
}

/** The image paths records point at: team logos, course and module covers. */
function referencedQuery(db: Db) {
  return db
    .selectFrom('teams')
    .select('avatar as path')
    .where('avatar', 'is not', null)
    .unionAll(db.selectFrom('courses').select('cover_url as path').where('cover_url', 'is not', null))
    .unionAll(db.selectFrom('modules').select('cover_url as path').where('cover_url', 'is not', null));
}

/** The uploaded images: served under /storage/, swept when no record points at them. */
export function createUploadsRepository(db: Db, now: Clock) {
  return {
    async find(path: string): Promise<{ content_type: string; etag: string; data: Buffer } | undefined> {
      return db
        .selectFrom('uploaded_images')
        .select(['content_type', 'etag', 'data'])
        .where('path', '=', path)
        .executeTakeFirst();
    },

    /** The paths records point at that have no stored image (an install from before migration 011). */
    async referencedWithoutImage(): Promise<string[]> {
      const [referenced, stored] = await Promise.all([
        referencedQuery(db).execute(),
        db.selectFrom('uploaded_images').select('path').execute(),
      ]);
      const have = new Set(stored.map((row) => row.path));
      const missing = referenced
        .map((row) => row.path)
        .filter((path): path is string => typeof path === 'string' && !have.has(path));
      return [...new Set(missing)];
    },

    /** Stores an image read from elsewhere (a file of an older install); an existing path is kept as it is. */
    async importImage(image: StoredImage): Promise<void> {
      await db
        .insertInto('uploaded_images')
        .values({
          path: image.path,
          content_type: image.contentType,
          etag: image.etag,
          data: image.data,
          created_at: isoNow(now),
        })
        .onConflict((conflict) => conflict.column('path').doNothing())
        .execute();
    },

    /**
     * Removes the images no record points at that were stored before `olderThan` (an ISO time):
     * left by a record changed outside the API or restored from an older backup. Answers their paths.
     */
    async removeOrphans(olderThan: Timestamp): Promise<string[]> {
      const rows = await db
        .deleteFrom('uploaded_images')
        .where('created_at', '<', olderThan)
        .where('path', 'not in', referencedQuery(db))
        .returning('path')
        .execute();
      return rows.map((row) => row.path).sort();
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;

declare module '../registry.js' {
  interface Repositories {
    uploads: UploadsRepository;
  }
}
export const repository = defineRepository('uploads', createUploadsRepository);
