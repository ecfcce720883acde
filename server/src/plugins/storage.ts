import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Demo lesson videos shipped in the repository, referenced by the seed as /storage/videos/<file>. */
export const DEMO_VIDEOS_DIR = fileURLToPath(new URL('../../assets/videos', import.meta.url));

/** /storage/*: uploaded files (STORAGE_DIR) and the shipped demo videos, read-only. */
export default async function storage(app: FastifyInstance): Promise<void> {
  const root = resolve(app.config.storageDir);
  mkdirSync(root, { recursive: true });
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
