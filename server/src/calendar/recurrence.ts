import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { FieldErrorBag } from '../http/errors.js';
import { firstOccurrence } from './wall-clock.js';

/**
 * Repeating sessions: one session becomes a series of independent sessions, every week or every
 * two weeks, until a date or for a number of times. The steps are taken in Rome time, so a session
 * at 10:00 stays at 10:00 across the change to and from daylight saving time.
 */

export const MAX_OCCURRENCES = 52;
const ZONE = 'Europe/Rome';
const STEP_DAYS = { weekly: 7, biweekly: 14 } as const;

export type RepeatFrequency = keyof typeof STEP_DAYS;

/** What the session form sends as `repeat`. */
export interface RepeatRule {
  frequency: string;
  /** Last day (Rome calendar day, `YYYY-MM-DD`, included) on which a session may start. */
  until?: string | null;
  /** How many sessions in all, the first included. */
  count?: number | null;
}

export interface Occurrence {
  start_time: string;
  end_time: string | null;
}

const FOUR_DIGIT_YEAR = /^\d{4}-/;
const romeDay = (ms: number) => new TZDate(ms, ZONE).toISOString().slice(0, 10);

/**
 * The start and end of every session of the series, the first one included; throws a 422 with
 * Italian messages under `repeat`, `repeat.frequency`, `repeat.until` or `repeat.count`.
 */
export function occurrences(startIso: string, endIso: string | null, rule: RepeatRule): Occurrence[] {
  const bag = new FieldErrorBag();
  const step = STEP_DAYS[rule.frequency as RepeatFrequency];
  if (!step) bag.add('repeat.frequency', 'Scegli se ripetere la sessione ogni settimana o ogni due settimane.');
  const hasUntil = rule.until !== undefined && rule.until !== null && rule.until !== '';
  const hasCount = rule.count !== undefined && rule.count !== null;
  if (hasUntil && hasCount)
    bag.add('repeat', 'Indica fino a quale data ripetere la sessione oppure quante volte, non entrambe.');
  if (!hasUntil && !hasCount) bag.add('repeat', 'Indica fino a quale data ripetere la sessione oppure quante volte.');
  const start = Date.parse(startIso);
  const end = endIso ? Date.parse(endIso) : null;
  let until: string | null = null;
  if (hasUntil) {
    const match = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(rule.until!);
    const day = match && !Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`)) ? match[1] : null;
    if (!day || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
      bag.add('repeat.until', 'La data di fine ripetizione non è valida.');
    } else if (day < romeDay(start)) {
      bag.add('repeat.until', 'La data di fine ripetizione non può precedere la prima sessione.');
    } else until = day;
  }
  if (hasCount && (!Number.isInteger(rule.count) || rule.count! < 1 || rule.count! > MAX_OCCURRENCES)) {
    bag.add('repeat.count', `Il numero di ripetizioni deve essere compreso tra 1 e ${MAX_OCCURRENCES}.`);
  }
  bag.throwIfAny();

  const startRome = new TZDate(start, ZONE);
  const endRome = end === null ? null : new TZDate(end, ZONE);
  const list: Occurrence[] = [];
  for (let i = 0; ; i++) {
    const at = addDays(startRome, i * step);
    if (
      until !== null &&
      (!FOUR_DIGIT_YEAR.test(new Date(at.getTime()).toISOString()) || romeDay(at.getTime()) > until)
    )
      break;
    if (hasCount && i >= rule.count!) break;
    if (list.length === MAX_OCCURRENCES) {
      new FieldErrorBag()
        .add(
          'repeat.until',
          `Fino a questa data le sessioni sarebbero più di ${MAX_OCCURRENCES}: scegli una data più vicina.`,
        )
        .throwIfAny();
    }
    // The first session is the instant asked for; the later ones are the same Rome wall-clock time,
    // read as its first occurrence on the night summer time ends (as the back-office reads it).
    const wallClock = (date: TZDate) => (i === 0 ? date.getTime() : firstOccurrence(date.getTime(), ZONE));
    const occurrence = {
      start_time: new Date(wallClock(at)).toISOString(),
      end_time: endRome === null ? null : new Date(wallClock(addDays(endRome, i * step))).toISOString(),
    };
    // Past 31/12/9999 an ISO date needs six digits and a sign: no date field accepts it.
    if (
      !FOUR_DIGIT_YEAR.test(occurrence.start_time) ||
      (occurrence.end_time !== null && !FOUR_DIGIT_YEAR.test(occurrence.end_time))
    ) {
      new FieldErrorBag()
        .add(
          hasCount ? 'repeat.count' : 'repeat.until',
          hasCount
            ? "Le ripetizioni andrebbero oltre l'anno 9999: ripeti la sessione meno volte."
            : "Le ripetizioni andrebbero oltre l'anno 9999: scegli una data di fine più vicina.",
        )
        .throwIfAny();
    }
    list.push(occurrence);
  }
  return list;
}
