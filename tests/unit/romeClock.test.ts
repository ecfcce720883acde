import { describe, expect, it } from 'vitest';
import { romeOffsetMs, romeWallClock } from '../../src/dates/romeClock';

/** What Rome's clock shows, as Intl reads it from the time-zone database. */
const intl = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Rome',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  weekday: 'short',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
function intlClock(ms: number) {
  const parts = Object.fromEntries(intl.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday!),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("Rome's wall clock without Intl", () => {
  it('agrees with the time-zone database on both sides of every change of hour, 1996–2099', () => {
    for (let year = 1996; year <= 2099; year++) {
      for (const month of [2, 9]) {
        // Every Sunday of the month's last week at 01:00 UTC, and around it: the change is on one of them.
        for (let day = 22; day <= 31; day++) {
          const change = Date.UTC(year, month, day, 1);
          for (const delta of [-HOUR - 1, -1, 0, 1, MINUTE, HOUR]) {
            expect(romeWallClock(new Date(change + delta)), `${new Date(change + delta).toISOString()}`).toEqual(
              intlClock(change + delta),
            );
          }
        }
      }
    }
  });

  it('agrees with it every 3 days 7 h 13 min from 1995 to 2101 (every time of day in turn), outside the rule years too', () => {
    for (let ms = Date.UTC(1995, 0, 1); ms < Date.UTC(2101, 0, 1); ms += 79 * HOUR + 13 * MINUTE) {
      expect(romeWallClock(new Date(ms))).toEqual(intlClock(ms));
    }
  });

  it('knows the rule only from 1996 to 2099', () => {
    expect(romeOffsetMs(Date.UTC(1995, 6, 1))).toBeNull();
    expect(romeOffsetMs(Date.UTC(1996, 6, 1))).toBe(2 * HOUR);
    expect(romeOffsetMs(Date.UTC(2099, 0, 1))).toBe(HOUR);
    expect(romeOffsetMs(Date.UTC(2100, 6, 1))).toBeNull();
  });
});
