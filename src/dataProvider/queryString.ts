/**
 * qs-style query strings (`filter[name]=x`, `teams[]=1`) in a few lines: the API parses them with
 * qs, and the browser bundle does not need qs's 40 kB.
 */
type Value = unknown;

const encode = (text: string) => encodeURIComponent(text);

function pairs(prefix: string, value: Value, out: string[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) pairs(`${prefix}[]`, item, out);
    return;
  }
  if (value instanceof Date) {
    out.push(`${prefix}=${encode(value.toISOString())}`);
    return;
  }
  if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, Value>))
      pairs(`${prefix}[${encode(key)}]`, child, out);
    return;
  }
  out.push(`${prefix}=${encode(String(value))}`);
}

/** `{page: 2, filter: {name: 'a b'}}` → `page=2&filter[name]=a%20b`; undefined and null are left out. */
export function stringifyQuery(params: Record<string, Value>): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) pairs(encode(key), value, out);
  return out.join('&');
}
