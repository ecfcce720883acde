import { describe, expect, it } from 'vitest';
import {
  addDays,
  currentQuarter,
  dayRangeBounds,
  dayStartIso,
  isCalendarDay,
  romeToday,
} from '../../server/src/calendar/calendar-days.js';

describe('Europe/Rome calendar days', () => {
  it('accepts only real days written YYYY-MM-DD', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2026-4-1')).toBe(false);
    expect(isCalendarDay('01/04/2026')).toBe(false);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("takes today and the quarter from Rome's clock, not UTC's", () => {
    // 23:30 UTC on 31 March is already 1 April in Rome (summer time, UTC+2): the second quarter.
    const lateMarchUtc = Date.parse('2026-03-31T23:30:00Z');
    expect(romeToday(lateMarchUtc)).toBe('2026-04-01');
    expect(currentQuarter(lateMarchUtc)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(currentQuarter(Date.parse('2026-12-31T12:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('starts a day at midnight in Rome, in winter and in summer time', () => {
    expect(dayStartIso('2026-01-15')).toBe('2026-01-14T23:00:00.000Z');
    expect(dayStartIso('2026-07-15')).toBe('2026-07-14T22:00:00.000Z');
  });

  it('bounds a span from its first midnight to the midnight after its last day, the change of hour included', () => {
    // Summer time starts on 29 March 2026: that day has 23 hours.
    expect(dayRangeBounds({ from: '2026-03-29', to: '2026-03-29' })).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
    });
  });
});
