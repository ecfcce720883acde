import { romeWallClock, type WallClock } from './romeClock';

/**
 * Every date of the interface in Italian, Europe/Rome time, whatever the browser's zone.
 * Invalid or missing input gives an empty string.
 */
export const APP_TIME_ZONE = 'Europe/Rome';

const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];
const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];
const pad = (value: number) => String(value).padStart(2, '0');

/*
 * Written out rather than asked of Intl.DateTimeFormat('it-IT'): the first Intl formatter a page
 * builds costs a long task (see romeClock.ts). tests/unit/dates.test.ts checks each against Intl.
 */
const formats = {
  dateTime: (clock: WallClock) => `${formats.date(clock)}, ${formats.time(clock)}`,
  date: ({ year, month, day }: WallClock) => `${pad(day)}/${pad(month)}/${year}`,
  longDate: ({ year, month, day, weekday }: WallClock) => `${WEEKDAYS[weekday]} ${day} ${MONTHS[month - 1]} ${year}`,
  time: ({ hour, minute }: WallClock) => `${pad(hour)}:${pad(minute)}`,
};

type FormatName = keyof typeof formats;

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
  return date ? formats[name](romeWallClock(date)) : '';
}

/** "01/05/2024, 11:30" */
export const formatDateTime = (value: DateInput) => format('dateTime', value);
/** "01/05/2024" */
export const formatDate = (value: DateInput) => format('date', value);
/** "mercoledì 1 maggio 2024" */
export const formatLongDate = (value: DateInput) => format('longDate', value);
/** "11:30" */
export const formatTime = (value: DateInput) => format('time', value);
