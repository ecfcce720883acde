/** Query parameters that carry credentials: codes, tokens, secrets, PKCE verifiers. */
const SECRET_PARAMETERS =
  /^(code|access_token|id_token|refresh_token|token|client_secret|code_verifier|id_token_hint|logout_token|assertion|client_assertion|password)$/i;

/**
 * Paths whose last segment is itself the credential: a calendar feed URL is its own secret (a
 * calendar application polls it with no other), so the segment is replaced, `.ics` and all.
 */
const SECRET_PATHS = /^(\/api\/calendar\/)[^/?#]+/i;

/**
 * A request URL fit for the log: credential-bearing query parameters are left out (their names and
 * values both: the request log never holds `code=…`), a feed token in the path is replaced by
 * `[redacted]`, everything else is kept.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  const path = (question < 0 ? url : url.slice(0, question)).replace(SECRET_PATHS, '$1[redacted]');
  if (question < 0) return path;
  const kept = url
    .slice(question + 1)
    .split('&')
    .filter((pair) => pair && !SECRET_PARAMETERS.test(decodeURIComponentSafe(pair.split('=')[0])));
  const removed =
    url
      .slice(question + 1)
      .split('&')
      .filter(Boolean).length - kept.length;
  const query = kept.join('&');
  return `${path}${query ? `?${query}` : ''}${removed ? `${query ? '&' : '?'}[${removed} redacted]` : ''}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Fastify's request serializer with the URL redacted (method, url, host, remote address and port). */
export function redactedRequest(request: {
  method: string;
  url: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
