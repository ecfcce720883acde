import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatTime, toDate } from '../../src/dates/format';

describe('dates in Italian, Europe/Rome', () => {
  it('formats a winter instant at UTC+1', () => {
    expect(formatDateTime('2024-01-15T08:30:00Z')).toBe('15/01/2024, 09:30');
    expect(formatTime('2024-01-15T08:30:00Z')).toBe('09:30');
  });
  it('formats a summer instant at UTC+2, crossing midnight', () => {
    expect(formatDateTime('2024-07-31T22:15:00Z')).toBe('01/08/2024, 00:15');
    expect(formatDate('2024-07-31T22:15:00Z')).toBe('01/08/2024');
  });
  it('reads the API UTC SQL format as UTC', () => {
    expect(formatDateTime('2024-03-05 10:00:00')).toBe('05/03/2024, 11:00');
  });
  it('long dates are Italian words', () => {
    expect(formatLongDate('2024-05-01T10:00:00Z')).toBe('mercoledì 1 maggio 2024');
  });
  it('missing or invalid input gives an empty string', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatTime('not a date')).toBe('');
    expect(toDate(undefined)).toBeNull();
  });
  it('accepts Date objects and timestamps', () => {
    expect(formatDate(new Date('2024-12-31T23:30:00Z'))).toBe('01/01/2025');
    expect(formatDate(Date.UTC(2024, 0, 2, 12))).toBe('02/01/2024');
  });
});

describe('the formats, against Intl', () => {
  // What the page would get from Intl.DateTimeFormat('it-IT'), which src/dates/format does not build.
  const intl = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', ...options });
  const expected = {
    dateTime: intl({ day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    date: intl({ day: '2-digit', month: '2-digit', year: 'numeric' }),
    longDate: intl({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    time: intl({ hour: '2-digit', minute: '2-digit' }),
  };

  it('give what Intl gives, in every month and at any time of day from 1990 to 2105', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2105, 11, 31) }), (ms) => {
        const date = new Date(ms);
        expect(formatDateTime(date)).toBe(expected.dateTime.format(date));
        expect(formatDate(date)).toBe(expected.date.format(date));
        expect(formatLongDate(date)).toBe(expected.longDate.format(date));
        expect(formatTime(date)).toBe(expected.time.format(date));
      }),
      { numRuns: 5_000 },
    );
  });

  it('build no Intl formatter for the dates a page shows', async () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        built++;
        return new target(...args);
      },
    });
    try {
      vi.resetModules();
      const dates = await import('../../src/dates/format');
      const calendar = await import('../../src/dates/calendar');
      expect(dates.formatDateTime('2026-11-29T16:00:00Z')).toBe('29/11/2026, 17:00');
      expect(dates.formatLongDate('2026-07-15T08:30:00Z')).toBe('mercoledì 15 luglio 2026');
      expect(calendar.romeDayKey('2026-07-31T22:15:00Z')).toBe('2026-08-01');
      expect(built).toBe(0);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
