import { TZDate } from '@date-fns/tz';
import { APP_TIME_ZONE } from '../../dates/format';

/**
 * The back-office's date-time inputs: typed as "dd/mm/yyyy hh:mm" in Europe/Rome time, sent to the
 * API as UTC ISO 8601.
 */
export const DATE_TIME_PATTERN = 'gg/mm/aaaa hh:mm';
/** The message key of a date-time that is not a real moment (react-admin translates validators' keys). */
export const INVALID_DATE_TIME = 'app.admin.date_time.invalid';

/** Rome's clock moves by one hour when summer time starts and ends. */
const HOUR_MS = 60 * 60_000;

const MASK_SLOTS = [2, 2, 4, 2, 2];
const MASK_SEPARATORS = ['/', '/', ' ', ':'];

/** The slot of the year: never padded (a typed "27" stays short and reads as not a date). */
const YEAR_SLOT = 2;

/**
 * Keeps the digits and puts the separators where they belong: "010220261030" → "01/02/2026 10:30".
 * A separator typed after a short number closes its slot, so "5/3/2027 9:30" → "05/03/2027 09:30"
 * (digits alone keep flowing from one slot to the next, as before). A closed slot shows the
 * separator after it, so typing goes on in the next one.
 */
export function maskDateTime(input: string): string {
  const groups: Array<{ digits: string; closed: boolean }> = [];
  let current = '';
  for (const char of input) {
    if (char >= '0' && char <= '9') current += char;
    else if (current) {
      groups.push({ digits: current, closed: true });
      current = '';
    }
  }
  if (current) groups.push({ digits: current, closed: false });

  let masked = '';
  let slot = 0;
  for (const group of groups) {
    let rest = group.digits;
    while (rest && slot < MASK_SLOTS.length) {
      const size = MASK_SLOTS[slot];
      let part = rest.slice(0, size);
      rest = rest.slice(size);
      if (part.length < size && !group.closed) return masked + (slot > 0 ? MASK_SEPARATORS[slot - 1] : '') + part;
      if (part.length < size && slot !== YEAR_SLOT) part = part.padStart(size, '0');
      masked += (slot > 0 ? MASK_SEPARATORS[slot - 1] : '') + part;
      slot++;
    }
  }
  const last = groups[groups.length - 1];
  if (last?.closed && slot > 0 && slot < MASK_SLOTS.length) masked += MASK_SEPARATORS[slot - 1];
  return masked;
}

/**
 * "dd/mm/yyyy hh:mm" (Rome wall-clock time) → UTC ISO, or null when it is not a real moment:
 * impossible dates (31/02), out-of-range times, and the hour skipped when summer time starts.
 * A time that happens twice when summer time ends (02:00–02:59 on the last Sunday of October) is
 * read as the first one, still in summer time: the moment the clock first shows it, which is also
 * what calendar applications pick.
 */
export function parseRomeDateTime(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || year < 1900) return null;
  const date = new TZDate(year, month - 1, day, hour, minute, APP_TIME_ZONE);
  const sameWallClock =
    date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute;
  if (!sameWallClock) return null;
  // TZDate resolves a repeated time to its later occurrence; an hour earlier the clock showed the
  // same time if, and only if, the time is repeated.
  const hourBefore = new TZDate(date.getTime() - HOUR_MS, APP_TIME_ZONE);
  const repeated = hourBefore.getDate() === day && hourBefore.getHours() === hour && hourBefore.getMinutes() === minute;
  return new Date(repeated ? hourBefore.getTime() : date.getTime()).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant (ISO, or the API's UTC SQL format) on Rome's clock; null when missing or invalid. */
function inRome(value: string | null | undefined): TZDate | null {
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? null : new TZDate(time, APP_TIME_ZONE);
}

/** An instant (ISO, or the API's UTC SQL format) → "dd/mm/yyyy" in Rome; '' when missing or invalid. */
export function formatRomeDate(value: string | null | undefined): string {
  const date = inRome(value);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
}

/** An instant (ISO, or the API's UTC SQL format) → "dd/mm/yyyy hh:mm" in Rome; '' when missing or invalid. */
export function formatRomeDateTime(value: string | null | undefined): string {
  const date = inRome(value);
  return date ? `${formatRomeDate(value)} ${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

/** True for what parseRomeDateTime produces (the form keeps the ISO value once the text is complete). */
export function isIsoInstant(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
}
