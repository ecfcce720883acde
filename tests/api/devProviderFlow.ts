import { createHash, randomBytes } from 'node:crypto';

/**
 * Drives the built-in development provider the way a browser does (authorize → sign-in form →
 * redirects), with fetch and a small cookie jar, up to the code sent to /auth/callback.
 */
type Jar = Map<string, string>;

function cookieHeader(jar: Jar): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function remember(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
}

async function send(jar: Jar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(jar), accept: 'text/html' },
  });
  remember(jar, response);
  return response;
}

/** Follows redirects until a page is shown or the browser would be sent back to the app. */
async function follow(jar: Jar, url: string, redirectUri: string, init?: RequestInit) {
  let current = url;
  let response = await send(jar, current, init);
  for (let hops = 0; response.status >= 300 && response.status < 400; hops++) {
    if (hops > 10) throw new Error('too many redirects');
    const next = new URL(response.headers.get('location')!, current);
    if (next.href.startsWith(redirectUri)) return { callback: next };
    current = next.href;
    response = await send(jar, current);
  }
  return { page: response, url: current, html: await response.text() };
}

export interface SignInAttempt {
  /** The code and verifier when the sign-in succeeded. */
  code?: string;
  verifier: string;
  state: string;
  /** The last page shown when it did not (e.g. the login form with its error). */
  html?: string;
  status?: number;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function signInAtDevProvider(
  baseUrl: string,
  login: string,
  password: string,
  { clientId = 'percorso', redirectUri = `${baseUrl}/auth/callback` } = {},
): Promise<SignInAttempt> {
  const jar: Jar = new Map();
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const authorize = new URL(`${baseUrl}/idp/auth`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  const first = await follow(jar, authorize.href, redirectUri);
  if (first.callback) throw new Error('the provider signed in without asking');
  const action = /<form[^>]*action="([^"]+)"/.exec(first.html)?.[1];
  if (!action) return { verifier, state, html: first.html, status: first.page.status };

  const submitted = await follow(jar, new URL(action.replace(/&amp;/g, '&'), first.url).href, redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  if (submitted.callback) {
    const callback = submitted.callback;
    if (callback.searchParams.get('state') !== state) throw new Error('state was not returned');
    return { code: callback.searchParams.get('code') ?? undefined, verifier, state };
  }
  return { verifier, state, html: submitted.html, status: submitted.page.status };
}
