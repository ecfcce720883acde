import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { firstOccurrence } from './wall-clock.js';

export const REPORT_TIME_ZONE = 'Europe/Rome';

/** True when `zone` is an IANA time zone name this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `2026-11-21T09:30:00.000Z` → `2026-11-21 09:30:00` (the API's "UTC SQL format"). */
export function toSqlUtc(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant shown as `dd/mm/yyyy hh:mm:ss` on the wall clock of `zone`. */
export function formatLocal(iso: string, zone = REPORT_TIME_ZONE): string {
  return format(new TZDate(new Date(iso).getTime(), zone), 'dd/MM/yyyy HH:mm:ss');
}

/**
 * The instant at which the wall clock of `zone` shows the given local date and time (its first
 * occurrence when the clock shows it twice).
 */
export function localToIso(
  parts: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  zone: string,
): string {
  const date = new TZDate(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, zone);
  return new Date(firstOccurrence(date.getTime(), zone)).toISOString();
}

/** The calendar date (year, month, day) of an instant on the wall clock of `zone`. */
export function localDateOf(iso: string, zone: string): { year: number; month: number; day: number } {
  const local = new TZDate(new Date(iso).getTime(), zone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}
