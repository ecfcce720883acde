/**
 * Polyglot's message format without node-polyglot and its polyfills (about 7 kB brotli on every
 * page): `%{name}` interpolation, `smart_count` plurals written "singular |||| plural", and `_`
 * as the default text of a missing key (what react-admin passes).
 */
export type Messages = { [key: string]: string | Messages };

export type TranslateOptions = { _?: string; smart_count?: number | { length: number } } & Record<string, unknown>;

const PLURAL_SEPARATOR = '||||';

export function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Italian plural rule (as Polyglot's): one → first form, anything else → second. */
export function choosePlural(text: string, count: number): string {
  const forms = text.split(PLURAL_SEPARATOR).map((form) => form.trim());
  if (forms.length === 1) return text;
  return (count === 1 ? forms[0] : forms[1] ?? forms[0]) ?? text;
}

export function interpolate(text: string, options: Record<string, unknown>): string {
  return text.replace(/%\{(.*?)\}/g, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export function translateMessage(messages: Messages, key: string, options: TranslateOptions = {}): string {
  const phrase = lookup(messages, key) ?? (typeof options._ === 'string' ? options._ : key);
  const rawCount = options.smart_count;
  const count = typeof rawCount === 'number' ? rawCount : rawCount && typeof rawCount === 'object' ? rawCount.length : undefined;
  const chosen = count === undefined ? phrase : choosePlural(phrase, count);
  return interpolate(chosen, count === undefined ? options : { ...options, smart_count: count });
}
