import { createHmac, timingSafeEqual } from 'node:crypto';
import { extname } from 'node:path';

/**
 * Lesson videos under /storage/ (the shipped demo videos and the files of STORAGE_DIR) are served
 * only at a signed address: the lesson's API answer, given to whoever may watch the lesson, carries
 * `?expires=…&signature=…` (`playback_url`), an HMAC of the path and the expiry. A <video> element
 * sends no bearer token, so the address itself is the permission; it lapses within hours, and no
 * one without the lesson can make one.
 */

/** What /storage/ serves from disk: audio and video files, nothing else (no scripts, no notes). */
const MEDIA_EXTENSIONS = new Set(['.mp4', '.m4v', '.webm', '.ogv', '.ogg', '.mov', '.mp3', '.m4a', '.oga', '.opus']);

/** Whether a /storage/ path names a media file by its extension (case folded). */
export function isMediaPath(path: string): boolean {
  return MEDIA_EXTENSIONS.has(extname(path).toLowerCase());
}

const HOUR_MS = 3600_000;
/**
 * A signed address is valid for 3 to 4 hours: its expiry is rounded up to the hour, so the
 * address stays the same for an hour (the player is not handed a new source at every answer, and
 * browsers keep one cached copy).
 */
export const MEDIA_URL_VALID_MS = 3 * HOUR_MS;

function signature(key: Buffer, path: string, expires: number): string {
  return createHmac('sha256', key).update(`storage-media:${path}:${expires}`).digest('base64url');
}

/** `/storage/videos/benvenuti.mp4` → `/storage/videos/benvenuti.mp4?expires=…&signature=…`. */
export function signedMediaUrl(key: Buffer, path: string, nowMs: number): string {
  const expires = Math.ceil((nowMs + MEDIA_URL_VALID_MS) / HOUR_MS) * (HOUR_MS / 1000);
  const encoded = path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${encoded}?expires=${expires}&signature=${signature(key, path, expires)}`;
}

/** Whether a request for `path` (decoded) carries a valid, unexpired signature in its query. */
export function verifyMediaUrl(key: Buffer, path: string, query: URLSearchParams, nowMs: number): boolean {
  const expires = Number(query.get('expires'));
  const given = query.get('signature');
  if (!Number.isSafeInteger(expires) || !given || expires * 1000 <= nowMs) return false;
  const expected = Buffer.from(signature(key, path, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
