/**
 * The one function ra-data-simple-rest imports from query-string, `stringify`, with query-string's
 * default options (keys sorted, strict encoding, arrays as repeated keys, `null` as a bare key,
 * `undefined` left out). vite.config.ts puts it in place of query-string for simple-rest only: the
 * package and its four helper packages stay out of the bundle. tests/unit/viteModuleSwaps.test.ts
 * compares both on the shapes simple-rest sends.
 */
type Value = string | number | boolean | null | undefined;

const strict = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function pair(key: string, value: Value): string | null {
  if (value === undefined) return null;
  if (value === null) return strict(key);
  return `${strict(key)}=${strict(String(value))}`;
}

export function stringify(object: Record<string, Value | Value[]>): string {
  return Object.keys(object)
    .sort()
    .flatMap((key) => {
      const value = object[key];
      return Array.isArray(value) ? value.map((item) => pair(key, item)) : [pair(key, value)];
    })
    .filter((part): part is string => part !== null)
    .join('&');
}

export default { stringify };
