/** Table descriptions are cut at 32 characters. */
export const TABLE_TEXT_LIMIT = 32;
/** At most 3 experts or teams per table row. */
export const MAX_CHIPS = 3;

/** The first `max` characters, with "..." when the text was longer; '' for empty values. */
export function truncate(text: string | null | undefined, max = TABLE_TEXT_LIMIT): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** The first `max` items and how many were left out. */
export function limitItems<T>(items: readonly T[] | null | undefined, max = MAX_CHIPS): { shown: T[]; hidden: number } {
  const list = items ?? [];
  return { shown: list.slice(0, max), hidden: Math.max(0, list.length - max) };
}

/** "Name Surname" of a user-like record; '' when it has neither. */
export function fullName(person: object | null | undefined): string {
  const { name, surname } = (person ?? {}) as { name?: unknown; surname?: unknown };
  return [name, surname].filter((part) => typeof part === 'string' && part !== '').join(' ');
}
