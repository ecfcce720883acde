import { parseFile } from 'music-metadata';
import { DEMO_VIDEOS_DIR } from '../../plugins/storage.js';
import { isUploadPath } from '../../infra/images.js';
import { fileUnder } from '../../infra/storage-paths.js';
import { isMediaPath } from '../../infra/media-urls.js';

/** Longest lesson video believed: 12 hours. */
export const MAX_VIDEO_LENGTH_SECONDS = 12 * 3600;

/**
 * The file behind a /storage/ address: the shipped demo videos, else STORAGE_DIR; null outside
 * both, for the uploaded images' folders, which are served from the database, and for a file that
 * is no audio or video (not served).
 */
export function storedFilePath(storageDir: string, publicPath: string): string | null {
  // Only media files are served from /storage/: a lesson cannot point at any other.
  if (!publicPath.startsWith('/storage/') || isUploadPath(publicPath) || !isMediaPath(publicPath)) return null;
  const rest = publicPath.slice('/storage/'.length);
  if (rest.startsWith('videos/')) {
    const demo = fileUnder(DEMO_VIDEOS_DIR, rest.slice('videos/'.length));
    if (demo) return demo;
  }
  return fileUnder(storageDir, rest);
}

/**
 * The real length, in seconds, of a video served from /storage/, read from the file's own
 * container (MP4, WebM, …); null when the file is missing, unreadable or has no plausible length.
 */
export async function readStoredVideoLength(storageDir: string, publicPath: string): Promise<number | null> {
  const path = storedFilePath(storageDir, publicPath);
  if (!path) return null;
  try {
    const { format } = await parseFile(path, { duration: true, skipCovers: true });
    const seconds = format.duration;
    if (!seconds || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_VIDEO_LENGTH_SECONDS) return null;
    return Math.round(seconds * 1000) / 1000;
  } catch {
    return null;
  }
}
