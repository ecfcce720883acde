/**
 * Every date of the interface in Italian, Europe/Rome time, whatever the browser's zone.
 * Invalid or missing input gives an empty string.
 */
export const APP_TIME_ZONE = 'Europe/Rome';

const options = {
  dateTime: { timeZone: APP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  date: { timeZone: APP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' },
  longDate: { timeZone: APP_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  time: { timeZone: APP_TIME_ZONE, hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type FormatName = keyof typeof options;

/*
 * Each formatter is built the first time it is used, then kept: building one costs several
 * milliseconds on a slow phone (the locale's and the zone's data), and a module that only needs
 * APP_TIME_ZONE (the back-office's date-time inputs) should not pay for four of them.
 */
const formatters: Partial<Record<FormatName, Intl.DateTimeFormat>> = {};
const formatter = (name: FormatName) => (formatters[name] ??= new Intl.DateTimeFormat('it-IT', options[name]));

type DateInput = string | number | Date | null | undefined;

/** Accepts ISO strings and the API's UTC SQL format ("2024-05-01 09:30:00"). */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else {
    const sqlUtc = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value);
    date = new Date(sqlUtc ? `${value.replace(' ', 'T')}Z` : value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(name: FormatName, value: DateInput): string {
  const date = toDate(value);
  return date ? formatter(name).format(date) : '';
}

/** "01/05/2024, 11:30" */
export const formatDateTime = (value: DateInput) => format('dateTime', value);
/** "01/05/2024" */
export const formatDate = (value: DateInput) => format('date', value);
/** "mercoledì 1 maggio 2024" */
export const formatLongDate = (value: DateInput) => format('longDate', value);
/** "11:30" */
export const formatTime = (value: DateInput) => format('time', value);
