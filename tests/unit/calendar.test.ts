import { describe, expect, it } from 'vitest';
import {
  WEEKDAY_LABELS,
  dayKey,
  daysInMonth,
  leadingBlanks,
  monthGrid,
  monthTitle,
  nextMonth,
  previousMonth,
  romeDayKey,
  romeMonthOf,
  sessionDays,
} from '../../src/dates/calendar';

describe('month grid', () => {
  it('has seven Monday-first columns', () => {
    expect(WEEKDAY_LABELS).toEqual(['Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab', 'Dom']);
    for (const week of monthGrid({ year: 2026, month: 10 })) expect(week).toHaveLength(7);
  });

  it('puts six blanks before a month that starts on Sunday (November 2026)', () => {
    const grid = monthGrid({ year: 2026, month: 10 });
    expect(leadingBlanks({ year: 2026, month: 10 })).toBe(6);
    expect(grid[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(grid[1][0]).toBe(2);
    const days = grid.flat().filter((cell) => cell !== null);
    expect(days).toHaveLength(30);
    expect(grid.at(-1)).toEqual([30, null, null, null, null, null, null]);
  });

  it('puts no blank before a month that starts on Monday (June 2026)', () => {
    expect(monthGrid({ year: 2026, month: 5 })[0][0]).toBe(1);
  });

  it('knows February of leap and common years', () => {
    expect(daysInMonth({ year: 2028, month: 1 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 1 })).toBe(28);
    expect(daysInMonth({ year: 2100, month: 1 })).toBe(28);
    // February 2028 starts on Tuesday: one blank, 29 days, whole weeks.
    const grid = monthGrid({ year: 2028, month: 1 });
    expect(grid[0].slice(0, 2)).toEqual([null, 1]);
    expect(
      grid
        .flat()
        .filter((cell) => cell !== null)
        .at(-1),
    ).toBe(29);
    expect(grid.flat().length % 7).toBe(0);
  });

  it('rolls the year at January and December', () => {
    expect(previousMonth({ year: 2026, month: 0 })).toEqual({ year: 2025, month: 11 });
    expect(nextMonth({ year: 2026, month: 11 })).toEqual({ year: 2027, month: 0 });
    expect(nextMonth({ year: 2026, month: 4 })).toEqual({ year: 2026, month: 5 });
    expect(previousMonth({ year: 2026, month: 4 })).toEqual({ year: 2026, month: 3 });
  });

  it('titles months in Italian', () => {
    expect(monthTitle({ year: 2026, month: 10 })).toBe('Novembre 2026');
    expect(monthTitle({ year: 2027, month: 0 })).toBe('Gennaio 2027');
  });
});

describe('session days', () => {
  it('keys days in Rome, not in UTC', () => {
    // 23:30 UTC on 21 November is already 22 November in Rome (UTC+1).
    expect(romeDayKey('2026-11-21T23:30:00.000Z')).toBe('2026-11-22');
    // 22:30 UTC on 30 June is 1 July in Rome (UTC+2, summer time).
    expect(romeDayKey('2026-06-30T22:30:00.000Z')).toBe('2026-07-01');
    expect(romeMonthOf(new Date('2026-12-31T23:30:00.000Z'))).toEqual({ year: 2027, month: 0 });
  });

  it('collects the days on which sessions start', () => {
    const days = sessionDays([
      { start_time: '2026-11-03T09:00:00.000Z' },
      { start_time: '2026-11-03T15:00:00.000Z' },
      { start_time: '2026-11-21T23:30:00.000Z' },
    ]);
    expect([...days].sort()).toEqual(['2026-11-03', '2026-11-22']);
    expect(days.has(dayKey({ year: 2026, month: 10 }, 3))).toBe(true);
    expect(days.has(dayKey({ year: 2026, month: 10 }, 4))).toBe(false);
  });
});
