import { validationFailed } from './errors.js';

/**
 * `fields=id,name,start_time`: the fields a list's caller wants of each record, or undefined when
 * it wants them all. A name the resource does not have is a 422 on `fields`.
 */
export function requestedFields<F extends string>(raw: string | undefined, allowed: readonly F[]): F[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const names = [
    ...new Set(
      raw
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((name) => !(allowed as readonly string[]).includes(name));
  if (unknown.length) {
    throw validationFailed({
      fields: [`Campi sconosciuti: ${unknown.join(', ')}. Campi possibili: ${allowed.join(', ')}.`],
    });
  }
  return names as F[];
}

/** The record with only `fields`. */
export function pickFields<T extends object, F extends keyof T>(record: T, fields: readonly F[]): Pick<T, F> {
  const picked = {} as Pick<T, F>;
  for (const field of fields) picked[field] = record[field];
  return picked;
}
