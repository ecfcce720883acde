import { accessSync, constants, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CALENDAR_FEED_KEY_FILE, feedKey } from '../calendar/calendar-feed.js';
import { UPLOAD_FOLDERS } from '../infra/images.js';
import { isMediaPath, verifyMediaUrl } from '../infra/media-urls.js';
import { HttpError, notFound } from '../http/errors.js';
import uploadedImages from './uploaded-images.js';

/**
 * STORAGE_DIR holds the lesson videos an operator puts there, the files of uploaded images from
 * before they moved to the database (imported at start), and — without CALENDAR_FEED_KEY — the
 * calendar feed key file, written on first use. Only that key needs the folder writable, so a
 * folder the process cannot write is refused at start then (the key would fail later, at run
 * time); with CALENDAR_FEED_KEY set a read-only folder is fine.
 */
function assertUsable(root: string, mustWrite: boolean): void {
  try {
    if (mustWrite) {
      mkdirSync(root, { recursive: true });
      accessSync(root, constants.W_OK);
      const probe = join(root, `.write-check-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe);
    } else if (existsSync(root) && !statSync(root).isDirectory()) {
      throw new Error('non è una cartella');
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const what = mustWrite
      ? `non è scrivibile (serve per la chiave dei feed del calendario: scrivibile la cartella o imposta CALENDAR_FEED_KEY)`
      : 'non è utilizzabile';
    throw new Error(`la cartella STORAGE_DIR=${root} ${what}: ${reason}`, { cause: error });
  }
}

/** Demo lesson videos shipped in the repository, referenced by the seed as /storage/videos/<file>. */
export const DEMO_VIDEOS_DIR = fileURLToPath(new URL('../../assets/videos', import.meta.url));

/** Whether a path under STORAGE_DIR (`/teams/x.webp`) is in an uploaded images' folder, never served from disk. */
function inUploadFolder(pathname: string): boolean {
  return UPLOAD_FOLDERS.some((folder) => pathname === `/${folder}` || pathname.startsWith(`/${folder}/`));
}

/**
 * What /storage/ may send from STORAGE_DIR: not the uploaded images' folders (answered from the
 * database) and never the calendar feed key, the secret every feed URL derives from (with it, a
 * copy of the database would give away every feed). Dot files are refused too (`dotfiles`).
 */
function servable(pathname: string): boolean {
  return !inUploadFolder(pathname) && pathname.toLowerCase() !== `/${CALENDAR_FEED_KEY_FILE}`;
}

export const MEDIA_URL_MESSAGE = 'Il link al video non è valido o è scaduto: riapri la lezione.';

/**
 * /storage/*: uploaded images (from the database), and the shipped demo videos and the media files
 * of STORAGE_DIR, read-only, at a signed address only (infra/media-urls.ts): the lesson's API
 * answer gives one to whoever may watch it. Any other file there (a README, a script) is a 404.
 */
export default async function storage(app: FastifyInstance): Promise<void> {
  const root = resolve(app.config.storageDir);
  assertUsable(root, !app.config.calendarFeedKey);
  await app.register(uploadedImages);
  await app.register(async (files) => {
    files.addHook('onRequest', async (request) => {
      const question = request.url.indexOf('?');
      const rawPath = question < 0 ? request.url : request.url.slice(0, question);
      let path: string;
      try {
        path = decodeURIComponent(rawPath);
      } catch {
        throw notFound();
      }
      if (!isMediaPath(path)) throw notFound();
      const query = new URLSearchParams(question < 0 ? '' : request.url.slice(question + 1));
      if (!verifyMediaUrl(feedKey(app.config), path, query, app.now())) throw new HttpError(403, MEDIA_URL_MESSAGE);
    });
    // Private: each address is one person's permission, not for shared caches.
    const setHeaders = (reply: FastifyReply) => void reply.header('cache-control', 'private, max-age=3600');
    if (existsSync(DEMO_VIDEOS_DIR)) {
      await files.register(fastifyStatic, {
        root: DEMO_VIDEOS_DIR,
        prefix: '/storage/videos/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders,
      });
    }
    await files.register(fastifyStatic, {
      root,
      prefix: '/storage/',
      decorateReply: false,
      index: false,
      allowedPath: servable,
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders,
    });
  });
}
