import { truncate } from '../common/text';

/** SPEC §9: lesson cards show the first 64 characters of the description. */
export const LESSON_TEXT_LIMIT = 64;

/** The card's description: cut at 64 characters with "...", or null when there is none. */
export function lessonSummary(description: string | null | undefined): string | null {
  const text = description?.trim();
  return text ? truncate(text, LESSON_TEXT_LIMIT) : null;
}

/**
 * Mirrors the server's rule (server/src/routes/lessons.ts): an absolute http(s) address (YouTube,
 * Vimeo, a video file) or a path of the site's own /storage/ files.
 */
export function isAcceptedVideoUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/storage/')) return !value.split('/').includes('..');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Position: a whole number from 1. */
export function isValidPosition(value: unknown): boolean {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) && number >= 1;
}
