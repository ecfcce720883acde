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
  /** The code (and the provider's `iss`) when the sign-in succeeded. */
  code?: string;
  iss?: string;
  state: string;
  /** The last page shown when it did not (e.g. the login form with its error). */
  html?: string;
  status?: number;
}

/**
 * Signs in as a browser does: Percorso starts the sign-in (POST /api/auth/login: PKCE, state and
 * nonce stay on the server), the provider's form is filled, and the answer sent to /auth/callback
 * is returned, ready for POST /api/auth/callback.
 */
export async function signInAtDevProvider(
  baseUrl: string,
  login: string,
  password: string,
  options: { redirectUri?: string; authorizeUrl?: string; state?: string } = {},
): Promise<SignInAttempt> {
  const redirectUri = options.redirectUri ?? `${baseUrl}/auth/callback`;
  const jar: Jar = new Map();
  let authorize = options.authorizeUrl;
  let state = options.state;
  if (!authorize || !state) {
    const started = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST' });
    if (!started.ok) throw new Error(`POST /api/auth/login answered ${started.status}: ${await started.text()}`);
    ({ authorize_url: authorize, state } = (await started.json()) as { authorize_url: string; state: string });
  }

  const first = await follow(jar, authorize!, redirectUri);
  if (first.callback) throw new Error('the provider signed in without asking');
  const action = /<form[^>]*action="([^"]+)"/.exec(first.html)?.[1];
  if (!action) return { state: state!, html: first.html, status: first.page.status };

  const submitted = await follow(jar, new URL(action.replace(/&amp;/g, '&'), first.url).href, redirectUri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login, password }).toString(),
  });
  if (submitted.callback) {
    const callback = submitted.callback;
    if (callback.searchParams.get('state') !== state) throw new Error('state was not returned');
    return {
      code: callback.searchParams.get('code') ?? undefined,
      iss: callback.searchParams.get('iss') ?? undefined,
      state: state!,
    };
  }
  return { state: state!, html: submitted.html, status: submitted.page.status };
}
