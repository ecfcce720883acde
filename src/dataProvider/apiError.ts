/**
 * What an API call's failure says, read from the error the dataProvider throws (ra-core's
 * HttpError: `status`, and `body` = the JSON answer `{message, errors: {field: [text]}}`).
 * Every screen turns a failure into text through these, so a 422's Italian field messages and a
 * refusal's message reach the user the same way everywhere.
 */
interface ApiErrorShape {
  status?: unknown;
  message?: unknown;
  body?: { message?: unknown; errors?: Record<string, unknown> } | null;
}

const shape = (error: unknown): ApiErrorShape => (error && typeof error === 'object' ? (error as ApiErrorShape) : {});

/** The HTTP status of a failed call, when it got an answer. */
export function errorStatus(error: unknown): number | undefined {
  const status = shape(error).status;
  return typeof status === 'number' ? status : undefined;
}

/** The first message of each field in a 422 answer: `{description: 'Il campo … è obbligatorio.'}`. */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = shape(error).body?.errors;
  const flat: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return flat;
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) flat[field] = first;
  }
  return flat;
}

/**
 * The sentence to show for a failed call: the field messages, else the answer's message, else the
 * error's own message when it is one a person can read (not "HTTP 500" or a network failure),
 * else `fallback`.
 */
export function apiErrorText(error: unknown, fallback: string): string {
  const fields = [...new Set(Object.values(fieldErrors(error)))];
  if (fields.length) return fields.join(' ');
  const { body, message, status } = shape(error);
  if (typeof body?.message === 'string' && body.message) return body.message;
  // An answer without a message of its own carries the status line ("Internal Server Error", in English).
  if (typeof status === 'number') return fallback;
  return typeof message === 'string' && message && !/^(HTTP|Failed to fetch)/i.test(message) ? message : fallback;
}

/** What the API's 503 means (the database is down or busy): the same message key on every portal screen. */
export const SERVICE_UNAVAILABLE = 'app.service_unavailable';
