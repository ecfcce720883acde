import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatTime, toDate } from '../../src/lib/dates';

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

describe('the Intl formatters of src/lib/dates', () => {
  it('are built on first use, one per format, and kept', async () => {
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
      const dates = await import('../../src/lib/dates');
      expect(built).toBe(0);
      expect(dates.APP_TIME_ZONE).toBe('Europe/Rome');
      expect(dates.formatTime('2024-01-15T08:30:00Z')).toBe('09:30');
      expect(dates.formatTime('2024-07-15T08:30:00Z')).toBe('10:30');
      expect(built).toBe(1);
      expect(dates.formatDate('2024-07-31T22:15:00Z')).toBe('01/08/2024');
      expect(built).toBe(2);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
