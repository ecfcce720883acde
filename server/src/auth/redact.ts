/** Query parameters that carry credentials: codes, tokens, secrets, PKCE verifiers. */
const SECRET_PARAMETERS =
  /^(code|access_token|id_token|refresh_token|token|client_secret|code_verifier|id_token_hint|logout_token|assertion|client_assertion|password)$/i;

/**
 * A request URL fit for the log: credential-bearing query parameters are left out (their names and
 * values both: the request log never holds `code=…`), everything else is kept.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const path = url.slice(0, question);
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
