import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { removeOrphanUploads } from '../lib/images.js';

/** Refuses to start on a storage folder the process cannot write (uploads would fail one by one later). */
function assertWritable(root: string): void {
  try {
    mkdirSync(root, { recursive: true });
    accessSync(root, constants.W_OK);
    const probe = join(root, `.write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`la cartella dei file caricati (STORAGE_DIR=${root}) non è scrivibile: ${reason}`, { cause: error });
  }
}

/** Demo lesson videos shipped in the repository, referenced by the seed as /storage/videos/<file>. */
export const DEMO_VIDEOS_DIR = fileURLToPath(new URL('../../assets/videos', import.meta.url));

/** /storage/*: uploaded files (STORAGE_DIR) and the shipped demo videos, read-only. */
export default async function storage(app: FastifyInstance): Promise<void> {
  const root = resolve(app.config.storageDir);
  assertWritable(root);
  // Images a crash or a failed removal left behind go at start-up.
  app.addHook('onReady', async () => {
    try {
      const removed = await removeOrphanUploads(root, await app.repos.uploads.referencedPaths(), app.now());
      if (removed.length) app.log.info(`removed ${removed.length} uploaded image(s) no record points at`);
    } catch (error) {
      app.log.warn({ err: error }, 'could not look for orphan uploads');
    }
  });
  if (existsSync(DEMO_VIDEOS_DIR)) {
    await app.register(fastifyStatic, {
      root: DEMO_VIDEOS_DIR,
      prefix: '/storage/videos/',
      decorateReply: false,
      index: false,
      maxAge: '1d',
    });
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/storage/',
    decorateReply: false,
    index: false,
    // Uploaded names change when the content does; an hour of caching is safe.
    maxAge: '1h',
  });
}
