import { toDate } from './format';
import { romeWallClock } from './romeClock';

/**
 * The month grid of the team/session calendar: pure functions, no React, no time zone guessing.
 * Months are 0-based (0 = January) like `Date`, weeks start on Monday.
 */

export interface CalendarMonth {
  year: number;
  /** 0 = January … 11 = December. */
  month: number;
}

/** One cell of the grid: a day of the shown month, or null for the blanks before and after it. */
export type CalendarCell = number | null;

export const WEEKDAY_LABELS = ['Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab', 'Dom'] as const;

export const MONTH_NAMES = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
] as const;

export function daysInMonth({ year, month }: CalendarMonth): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** Blank cells before the 1st: 0 when the month starts on Monday, 6 when it starts on Sunday. */
export function leadingBlanks({ year, month }: CalendarMonth): number {
  const sundayFirst = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return (sundayFirst + 6) % 7;
}

/** The month as rows of seven cells, Monday first, padded with nulls to whole weeks. */
export function monthGrid(ref: CalendarMonth): CalendarCell[][] {
  const cells: CalendarCell[] = Array.from({ length: leadingBlanks(ref) }, () => null);
  const days = daysInMonth(ref);
  for (let day = 1; day <= days; day++) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export function previousMonth({ year, month }: CalendarMonth): CalendarMonth {
  return month === 0 ? { year: year - 1, month: 11 } : { year, month: month - 1 };
}

export function nextMonth({ year, month }: CalendarMonth): CalendarMonth {
  return month === 11 ? { year: year + 1, month: 0 } : { year, month: month + 1 };
}

export function monthTitle({ year, month }: CalendarMonth): string {
  return `${MONTH_NAMES[month]} ${year}`;
}

/** `YYYY-MM-DD` of a day of the grid. */
export function dayKey({ year, month }: CalendarMonth, day: number): string {
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` of the calendar day an instant falls on in Rome, whatever the browser's zone; '' if invalid. */
export function romeDayKey(instant: string | Date): string {
  const date = toDate(instant);
  if (!date) return '';
  const { year, month, day } = romeWallClock(date);
  return dayKey({ year, month: month - 1 }, day);
}

/** The month (in Rome) an instant falls in: where the calendar opens. */
export function romeMonthOf(instant: Date): CalendarMonth {
  const [year, month] = romeDayKey(instant).split('-').map(Number);
  return { year, month: month - 1 };
}

/** The Rome calendar days on which the given sessions start. */
export function sessionDays(sessions: ReadonlyArray<{ start_time: string }>): Set<string> {
  return new Set(sessions.map((s) => romeDayKey(s.start_time)).filter(Boolean));
}
