/**
 * The names of a new resource, all derived from the one the developer gives (`partners`,
 * `office-hours`): where each is used is said beside it. Pure functions, tested in
 * tests/unit/new-resource.test.ts.
 */
export interface ResourceNames {
  /** snake_case plural: the table, the permissions' suffix, the back-office section and folder. */
  name: string;
  /** kebab-case plural: the API path (/api/office-hours). */
  kebab: string;
  /** camelCase plural: the back-office definition's export and the key on app.repos. */
  camel: string;
  /** PascalCase plural: type names that speak of the whole list (OfficeHoursRepository). */
  Plural: string;
  /** snake_case singular: the audit trail's entity type. */
  singular: string;
  /** PascalCase singular: type and component names (OfficeHourResource, OfficeHourList). */
  Singular: string;
}

/** Lower case words joined by `_` or `-`, starting with a letter. */
const NAME = /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*$/;
/** Table and index names stay well under PostgreSQL's 63 characters. */
const MAX_LENGTH = 40;

const pascal = (words: string[]) => words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
const camel = (words: string[]) => words[0] + pascal(words.slice(1));

/** The singular of an English plural word, by the common rules (`--singular` covers the rest). */
export function singularOf(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Whether the word reads as a plural: it ends in a single `s` (not `ss`, `us`, `is`). */
function looksPlural(word: string): boolean {
  return /[^sui]s$/.test(word) || /[^aeiou]ies$/.test(word);
}

/**
 * Checks the name as typed and derives the others. Throws an Error whose message tells the
 * developer what to type instead.
 */
export function resourceNames(input: string, options: { singular?: string } = {}): ResourceNames {
  const typed = input.trim();
  if (!NAME.test(typed)) {
    throw new Error(
      `"${typed}" is not a resource name: use lower case words joined by "_" or "-", starting with a letter (e.g. partners, office_hours).`,
    );
  }
  if (typed.length > MAX_LENGTH)
    throw new Error(`"${typed}" is too long: a resource name has at most ${MAX_LENGTH} characters.`);
  const words = typed.split(/[_-]/);
  const last = words[words.length - 1];
  let singularLast: string;
  if (options.singular !== undefined) {
    const given = options.singular.trim();
    if (!NAME.test(given))
      throw new Error(`--singular "${given}" is not a name: lower case words joined by "_" or "-".`);
    const givenWords = given.split(/[_-]/);
    singularLast = givenWords[givenWords.length - 1];
    if (givenWords.slice(0, -1).join('_') !== words.slice(0, -1).join('_')) {
      throw new Error(
        `--singular "${given}" must differ from "${typed}" in its last word only (e.g. office_hours → office_hour).`,
      );
    }
    if (singularLast === last)
      throw new Error(`--singular "${given}" is the name itself: give the resource's name in the plural.`);
  } else {
    if (!/^[a-z]/.test(last) || !looksPlural(last)) {
      throw new Error(
        `"${typed}" does not look like a plural: name the resource in the plural (e.g. partners), or give its singular with --singular.`,
      );
    }
    singularLast = singularOf(last);
  }
  const singularWords = [...words.slice(0, -1), singularLast];
  return {
    name: words.join('_'),
    kebab: words.join('-'),
    camel: camel(words),
    Plural: pascal(words),
    singular: singularWords.join('_'),
    Singular: pascal(singularWords),
  };
}
