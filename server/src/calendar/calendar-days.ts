import { localDateOf, localToIso, REPORT_TIME_ZONE } from './time-zone.js';

/*
 * Calendar days on the Europe/Rome calendar, as `YYYY-MM-DD`: what the reports' periods, a
 * member's join day and a birthdate are given in, and the instants they start at.
 */

/** A span of Europe/Rome calendar days, both included, as `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that is a real calendar day. */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `YYYY-MM-DD` of a date given by numbers that may overflow (day 0 = the previous month's last day). */
export function dayText(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The calendar day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, d] = day.split('-').map(Number);
  return dayText(year, month, d + days);
}

/** Today on the Europe/Rome calendar. */
export function romeToday(nowMs: number): string {
  const { year, month, day } = localDateOf(new Date(nowMs).toISOString(), REPORT_TIME_ZONE);
  return dayText(year, month, day);
}

/** The Europe/Rome calendar quarter that contains `nowMs`. */
export function currentQuarter(nowMs: number): DayRange {
  const [year, month] = romeToday(nowMs).split('-').map(Number);
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  return { from: dayText(year, first, 1), to: dayText(year, first + 3, 0) };
}

/** The instant a Europe/Rome calendar day (`YYYY-MM-DD`) starts. */
export function dayStartIso(day: string): string {
  const [year, month, d] = day.split('-').map(Number);
  return localToIso({ year, month, day: d, hour: 0, minute: 0, second: 0 }, REPORT_TIME_ZONE);
}

/** [start of `from`, start of the day after `to`) as ISO instants. */
export function dayRangeBounds(range: DayRange): { start: string; end: string } {
  return { start: dayStartIso(range.from), end: dayStartIso(addDays(range.to, 1)) };
}
