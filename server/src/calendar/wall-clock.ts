import { TZDate } from '@date-fns/tz';

const HOUR_MS = 3_600_000;

/**
 * An instant TZDate gave for a wall-clock time, moved to that time's first occurrence when the
 * clock shows it twice (the hour repeated when summer time ends): TZDate resolves such a time to
 * its later occurrence, and an hour earlier the clock showed the same time if, and only if, the
 * time is repeated. The back-office's date field reads a typed time the same way.
 */
export function firstOccurrence(ms: number, zone: string): number {
  const local = new TZDate(ms, zone);
  const hourBefore = new TZDate(ms - HOUR_MS, zone);
  const repeated =
    hourBefore.getDate() === local.getDate() &&
    hourBefore.getHours() === local.getHours() &&
    hourBefore.getMinutes() === local.getMinutes() &&
    hourBefore.getSeconds() === local.getSeconds();
  return repeated ? ms - HOUR_MS : ms;
}
