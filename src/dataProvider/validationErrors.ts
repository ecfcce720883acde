/**
 * Laravel-style 422 bodies carry `{errors: {field: ["msg", ...]}}`; react-admin shows server-side
 * field errors only when each value is a string, so keep the first message of each field.
 */
export function flattenFieldErrors(errors: unknown): Record<string, string> {
  if (!errors || typeof errors !== 'object') return {};
  const flat: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value.find((m) => typeof m === 'string') : value;
    if (typeof first === 'string' && first !== '') flat[field] = first;
  }
  return flat;
}
