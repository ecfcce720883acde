/**
 * Europe/Rome's wall clock, read without Intl.
 *
 * Why not Intl: the first Intl.DateTimeFormat a page builds loads the locale's and the time zone's
 * data, which costs 15–25 ms on a fast machine and about four times that on a mid-range phone — one
 * long task on every portal page that shows a date. Rome's clock follows one rule from 1996 on (the
 * European Union's summer time): UTC+2 from 01:00 UTC on the last Sunday of March to 01:00 UTC on
 * the last Sunday of October, UTC+1 the rest of the year. Outside 1996–2099 the clock is read with
 * Intl instead. tests/unit/romeClock.test.ts checks the rule against Intl, every transition included.
 */

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FIRST_RULE_YEAR = 1996;
const LAST_RULE_YEAR = 2099;

/** 00:00 UTC of the last Sunday of a month (0-based). */
function lastSundayUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/** Rome's offset from UTC at an instant, in ms; null outside the years the rule covers. */
export function romeOffsetMs(ms: number): number | null {
  const year = new Date(ms).getUTCFullYear();
  if (year < FIRST_RULE_YEAR || year > LAST_RULE_YEAR) return null;
  const summerStarts = lastSundayUtc(year, 2) + HOUR_MS;
  const summerEnds = lastSundayUtc(year, 9) + HOUR_MS;
  return ms >= summerStarts && ms < summerEnds ? 2 * HOUR_MS : HOUR_MS;
}

let intlClock: Intl.DateTimeFormat | undefined;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function intlWallClock(date: Date): WallClock {
  intlClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Rome',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  });
  const parts = Object.fromEntries(intlClock.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** What a clock in Rome shows at `date`. */
export function romeWallClock(date: Date): WallClock {
  const offset = romeOffsetMs(date.getTime());
  if (offset === null) return intlWallClock(date);
  const local = new Date(date.getTime() + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}
