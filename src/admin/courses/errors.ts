const FALLBACK = 'Si è verificato un errore. Riprova.';

/**
 * The text of a refused call for a dialog: the server's field errors (422 `errors`, already
 * flattened to strings by the dataProvider), else its message, else a generic sentence.
 */
export function serverErrorText(error: unknown): string {
  if (!error || typeof error !== 'object') return FALLBACK;
  const body = (error as { body?: { errors?: Record<string, unknown>; message?: unknown } | null }).body;
  const fieldErrors = Object.values(body?.errors ?? {})
    .map((value) => (Array.isArray(value) ? value[0] : value))
    .filter((value): value is string => typeof value === 'string' && value !== '');
  if (fieldErrors.length) return fieldErrors.join(' ');
  if (typeof body?.message === 'string' && body.message) return body.message;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message && !/^(HTTP|Failed to fetch)/i.test(message) ? message : FALLBACK;
}
