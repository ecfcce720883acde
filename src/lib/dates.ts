/**
 * Every date of the interface in Italian, Europe/Rome time, whatever the browser's zone.
 * Invalid or missing input gives an empty string.
 */
export const APP_TIME_ZONE = 'Europe/Rome';

const formats = {
  dateTime: new Intl.DateTimeFormat('it-IT', {
    timeZone: APP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }),
  date: new Intl.DateTimeFormat('it-IT', { timeZone: APP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }),
  longDate: new Intl.DateTimeFormat('it-IT', {
    timeZone: APP_TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }),
  time: new Intl.DateTimeFormat('it-IT', { timeZone: APP_TIME_ZONE, hour: '2-digit', minute: '2-digit' }),
};

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

function format(formatter: Intl.DateTimeFormat, value: DateInput): string {
  const date = toDate(value);
  return date ? formatter.format(date) : '';
}

/** "01/05/2024, 11:30" */
export const formatDateTime = (value: DateInput) => format(formats.dateTime, value);
/** "01/05/2024" */
export const formatDate = (value: DateInput) => format(formats.date, value);
/** "mercoledì 1 maggio 2024" */
export const formatLongDate = (value: DateInput) => format(formats.longDate, value);
/** "11:30" */
export const formatTime = (value: DateInput) => format(formats.time, value);
