/**
 * Rules on a person's details, shared by the server's validation and the forms that say them under
 * the field before anything is sent, so the two can never disagree. Pure and dependency-free so
 * the front end can import it.
 */

/** The earliest birthdate taken: anything before is a typing slip, not a person. */
export const EARLIEST_BIRTHDATE = '1900-01-01';

/**
 * What is wrong with a birthdate ("YYYY-MM-DD"), or undefined when nothing is (an empty value too:
 * the birthdate is optional). `today` is today's date on the incubator's calendar (Rome): just after
 * midnight there, the UTC day is still yesterday.
 */
export function birthdateProblem(value: unknown, today: string): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  if (value < EARLIEST_BIRTHDATE) return 'La data di nascita non può essere precedente al 01/01/1900.';
  if (value > today) return 'La data di nascita non può essere nel futuro.';
  return undefined;
}

/** The earliest day a member is taken to have joined a team: before it, a typing slip. */
export const EARLIEST_JOIN_DAY = '2000-01-01';

/** What is wrong with the day ("YYYY-MM-DD") a member joined their team; `today` as for birthdates. */
export function joinDayProblem(value: unknown, today: string): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  if (value > today) return 'La data di ingresso non può essere nel futuro.';
  if (value < EARLIEST_JOIN_DAY) return 'La data di ingresso non può essere precedente al 01/01/2000.';
  return undefined;
}

const EMAIL_MAX_LENGTH = 255;
/**
 * An address someone can be written to, in the letters e-mail addresses use: nothing that would
 * change a mailto link (a `?`, an `&`) or be read as markup.
 */
const ANSWERABLE_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** A plain `name@domain.tld` address of at most 255 characters (already trimmed). */
export function isAnswerableEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && ANSWERABLE_EMAIL.test(value);
}
