/** A failure worth retrying later (429, 5xx, network): `retryAfterMs` is the server's own hint, if any. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Google refused our credentials (token endpoint 4xx). Retried like an outage, so an operator who
 * fixes the configuration within the 6-hour window loses no session; logged as an error.
 */
export class CredentialsError extends RetryLaterError {}

/** A failure retrying will not fix (no permission, bad request). */
export class PermanentError extends Error {}

/** `Retry-After` as milliseconds: either delay-seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Google's JSON error text (`{error: {message}}` or `{error, error_description}`), else the status. */
export async function googleErrorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; error_description?: string };
    if (typeof body.error === 'object' && body.error?.message) return `${res.status} ${body.error.message}`;
    if (typeof body.error === 'string')
      return `${res.status} ${body.error}${body.error_description ? `: ${body.error_description}` : ''}`;
  } catch {
    // not JSON: fall through
  }
  return `${res.status} ${res.statusText || text.slice(0, 200)}`.trim();
}

/** Maps a failed HTTP response to the error class that decides retry or give-up. */
export async function httpFailure(what: string, res: Response, now: number): Promise<Error> {
  const detail = await googleErrorText(res);
  if (res.status === 429 || res.status >= 500) {
    return new RetryLaterError(`${what}: ${detail}`, retryAfterMs(res.headers.get('retry-after'), now));
  }
  return new PermanentError(`${what}: ${detail}`);
}
