import { truncate } from '../common/text';
import { isAcceptedVideoUrl } from '../../../server/src/modules/lessons/video-url';

/** The server's own video URL rule, so the form refuses exactly what the API would. */
export { isAcceptedVideoUrl };

/** Lesson cards show the first 64 characters of the description. */
export const LESSON_TEXT_LIMIT = 64;

/** The card's description: cut at 64 characters with "...", or null when there is none. */
export function lessonSummary(description: string | null | undefined): string | null {
  const text = description?.trim();
  return text ? truncate(text, LESSON_TEXT_LIMIT) : null;
}

/** Position: a whole number from 1. */
export function isValidPosition(value: unknown): boolean {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) && number >= 1;
}
