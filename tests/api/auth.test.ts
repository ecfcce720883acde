import { describe, expect, it, vi } from 'vitest';
import { issueToken } from '../../server/src/auth/tokens.js';
import { logoutPage } from '../../server/src/auth/dev-idp/pages.js';
import { databases, useTestApp, type TestContext } from './helpers.js';
import { signInAtDevProvider } from './devProviderFlow.js';

async function exchange(ctx: TestContext, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/callback', payload, headers });
}

/** A successful sign-in at the development provider: the answer to pass to POST /api/auth/callback. */
async function signIn(ctx: TestContext, email: string) {
  const attempt = await signInAtDevProvider(ctx.baseUrl!, email, 'demo');
  expect(attempt.code).toBeTruthy();
  return { code: attempt.code!, state: attempt.state, ...(attempt.iss ? { iss: attempt.iss } : {}) };
}

describe.each(databases)('sign-in through the development provider (%s)', (kind) => {
  // The app listens for real: the exchange goes over HTTP to its own /idp, as in production.
  const idp = useTestApp(kind, { AUTH_RATE_LIMIT: '1000' }, { listen: true });

  it('exchanges a code for an access token and links the provider subject by e-mail', async () => {
    const member = await idp.user({ email: 'membro@example.com', name: 'Marco', surname: 'Bianchi' });
    const res = await exchange(idp, await signIn(idp, 'membro@example.com'));
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const me = await idp.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(member.id);
    const row = await idp.db
      .selectFrom('users')
      .select('oidc_subject')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.oidc_subject).toBe(`user-${member.id}`);
    // Only the hash of the token is stored.
    const stored = await idp.db
      .selectFrom('access_tokens')
      .select('token_hash')
      .where('user_id', '=', member.id)
      .execute();
    expect(stored.map((t) => t.token_hash)).not.toContain(token);
    // The audit trail records the sign-in (never the token).
    const signIns = await idp.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sign_in')
      .where('entity_id', '=', member.id)
      .execute();
    expect(signIns).toEqual([expect.objectContaining({ actor_id: member.id, entity_type: 'user', changes: '{}' })]);
  });

  it('finds the user by subject on later sign-ins, even after the local e-mail changed', async () => {
    const admin = await idp.user({ email: 'admin@example.com' });
    await exchange(idp, await signIn(idp, 'admin@example.com'));
    const answer = await signIn(idp, 'admin@example.com');
    await idp.db
      .updateTable('users')
      .set({ email: 'amministrazione@example.test' })
      .where('id', '=', admin.id)
      .execute();

    const res = await exchange(idp, answer);
    expect(res.statusCode).toBe(200);
    const me = await idp.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(me.json().data.id).toBe(admin.id);
  });

  it('refuses a code that was already used', async () => {
    await idp.user({ email: 'dev@example.com' });
    const answer = await signIn(idp, 'dev@example.com');
    expect((await exchange(idp, answer)).statusCode).toBe(200);

    const askProvider = vi.spyOn(idp.app.oidc, 'finishSignIn');
    const recorded = await idp.db.selectFrom('audit_log').select('id').where('action', '=', 'sign_in').execute();
    const again = await exchange(idp, answer);
    expect(again.statusCode).toBe(422);
    // A refused sign-in records nothing.
    expect(await idp.db.selectFrom('audit_log').select('id').where('action', '=', 'sign_in').execute()).toEqual(
      recorded,
    );
    expect(again.json().errors.code[0]).toMatch(/già stato utilizzato/);
    // Refused from our own record, before the provider is asked.
    expect(askProvider).not.toHaveBeenCalled();
    askProvider.mockRestore();
  });

  it("refuses a code without the state of a sign-in it started, or with another sign-in's state", async () => {
    await idp.user({ email: 'esperto@example.com' });
    const withoutState = await signIn(idp, 'esperto@example.com');
    const res = await exchange(idp, { code: withoutState.code });
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('expired');

    // Another sign-in's state carries another PKCE verifier and nonce: the provider refuses the code.
    const first = await signIn(idp, 'esperto@example.com');
    const second = await signIn(idp, 'esperto@example.com');
    const crossed = await exchange(idp, { code: first.code, state: second.state });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().message).toMatch(/codice di accesso non è valido/i);
  });

  it('signs in with an authorize request that carries PKCE S256, state and nonce', async () => {
    const started = (await idp.app.inject({ method: 'POST', url: '/api/auth/login' })).json() as {
      authorize_url: string;
      state: string;
    };
    const url = new URL(started.authorize_url);
    expect(url.origin + url.pathname).toBe(`${idp.baseUrl}/idp/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'percorso',
      redirect_uri: `${idp.baseUrl}/auth/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      state: started.state,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('refuses an unknown code and a missing code with Italian messages', async () => {
    const { state } = (await idp.app.inject({ method: 'POST', url: '/api/auth/login' })).json() as { state: string };
    const unknown = await exchange(idp, { code: 'non-un-codice-vero', state });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.code[0]).toMatch(/non è valido/);

    const missing = await exchange(idp, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code[0]).toBe('Il campo codice è obbligatorio.');

    const empty = await exchange(idp, { code: '' });
    expect(empty.statusCode).toBe(422);
  });

  it('refuses a redirect_uri other than the registered one', async () => {
    const res = await exchange(idp, { code: 'abc', redirect_uri: 'https://evil.example/auth/callback' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.redirect_uri).toBeDefined();
  });

  it('shows "Credenziali non valide." on a wrong password and never issues a code', async () => {
    await idp.user({ email: 'ospite@example.com' });
    const attempt = await signInAtDevProvider(idp.baseUrl!, 'ospite@example.com', 'sbagliata');
    expect(attempt.code).toBeUndefined();
    expect(attempt.html).toContain('Credenziali non valide.');
    expect(attempt.html).toContain('name="login"');
    expect(attempt.html).toContain('name="password"');
  });

  it('accepts only the demo accounts, even for users that exist', async () => {
    await idp.user({ email: 'qualcuno@example.test' });
    const attempt = await signInAtDevProvider(idp.baseUrl!, 'qualcuno@example.test', 'demo');
    expect(attempt.code).toBeUndefined();
    expect(attempt.html).toContain('Credenziali non valide.');
  });

  it('serves an Italian sign-in page with one submit button and no inline script', async () => {
    const res = await fetch(
      `${idp.baseUrl}/idp/auth?client_id=percorso&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${idp.baseUrl}/auth/callback`)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(res.headers.get('location')!, idp.baseUrl), { headers: { cookie } });
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).toContain('lang="it"');
    expect(html).toMatch(/<label for="login">Email<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).toContain('>Accedi</button>');
    expect(html).not.toMatch(/<script/i);
  });

  it('logs out: the token is revoked on the server', async () => {
    const user = await idp.user();
    const before = await idp.app.inject({ method: 'GET', url: '/api/user', headers: user.headers });
    expect(before.statusCode).toBe(200);

    const out = await idp.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    // A token not issued by a sign-in at the provider has no provider session to end.
    expect(out.json()).toEqual({ logout_url: null });
    const after = await idp.app.inject({ method: 'GET', url: '/api/user', headers: user.headers });
    expect(after.statusCode).toBe(401);
    expect((await idp.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });

  it('logs out of the development provider too, confirming by itself for Percorso', async () => {
    const exists = await idp.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'membro@example.com')
      .executeTakeFirst();
    if (!exists) await idp.user({ email: 'membro@example.com' });
    const signedIn = await exchange(idp, await signIn(idp, 'membro@example.com'));
    const headers = { authorization: `Bearer ${signedIn.json().access_token}` };
    const out = await idp.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    const url = new URL(out.json().logout_url);
    expect(url.origin + url.pathname).toBe(`${idp.baseUrl}/idp/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${idp.baseUrl}/`);
    expect(url.searchParams.get('id_token_hint')).toMatch(/^eyJ/);
    // Percorso's own logout confirms itself (an external script: the CSP allows no inline one).
    const html = logoutPage('Percorso ID', '<form id="op.logoutForm"></form>', true);
    expect(html).toContain('data-autoconfirm="yes"');
    expect(html).toContain('<script src="/idp/logout.js" defer></script>');
    expect(logoutPage('Percorso ID', '<form id="op.logoutForm"></form>')).not.toContain('<script');
    const script = await fetch(`${idp.baseUrl}/idp/logout.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('requestSubmit');
  });

  it('answers 401 without a token, with a bad one and with an expired one', async () => {
    expect((await idp.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const bad = await idp.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('Autenticazione richiesta.');
    const malformed = await idp.app.inject({
      method: 'GET',
      url: '/api/user/permissions',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);

    const user = await idp.user();
    const expired = await issueToken(idp.db, user.id, 60, new Date(Date.now() - 2 * 60 * 1000));
    const res = await idp.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

/** `app` starts the sign-in; `idp`'s development provider plays the external provider's part. */
async function signInThrough(app: TestContext, idp: TestContext, email: string) {
  const started = (await app.app.inject({ method: 'POST', url: '/api/auth/login' })).json() as {
    authorize_url: string;
    state: string;
  };
  const answer = await signInAtDevProvider(idp.baseUrl!, email, 'demo', {
    authorizeUrl: started.authorize_url,
    state: started.state,
  });
  expect(answer.code).toBeTruthy();
  return { code: answer.code!, state: answer.state, ...(answer.iss ? { iss: answer.iss } : {}) };
}

describe.each(databases)('sign-in through an external provider (%s)', (kind) => {
  // `idp` plays the external provider; `app` is a Percorso configured with OIDC_ISSUER pointing at it.
  const idp = useTestApp(kind, {}, { listen: true });
  const app = useTestApp(kind, () => ({
    OIDC_ISSUER: `${idp.baseUrl}/idp`,
    OIDC_CLIENT_ID: 'percorso',
    OIDC_CLIENT_SECRET: 'percorso-dev-secret',
    // The provider's registered redirect URI is idp's: the two share the public address.
    PUBLIC_URL: idp.baseUrl!,
    PROVIDER_LABEL: 'Provider esterno',
    AUTH_RATE_LIMIT: '1000',
  }));

  it('creates a plain local user on the first sign-in', async () => {
    await idp.user({ email: 'ospite@example.com', name: 'Olga', surname: 'Esposito' });
    const res = await exchange(app, await signInThrough(app, idp, 'ospite@example.com'));
    expect(res.statusCode).toBe(200);
    const created = await app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'ospite@example.com')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ name: 'Olga', surname: 'Esposito', is_expert: 0, mooc_access: 0 });
    expect(created.oidc_subject).toMatch(/^user-\d+$/);
    const permissions = await app.app.inject({
      method: 'GET',
      url: '/api/user/permissions',
      headers: { authorization: `Bearer ${res.json().access_token}` },
    });
    expect(permissions.json()).toEqual({ data: [] });
  });

  it('does not hand an e-mail already bound to another identity to a new subject', async () => {
    await idp.user({ email: 'membro@example.com' });
    await app.user({ email: 'membro@example.com', oidc_subject: 'someone-else' });
    const res = await exchange(app, await signInThrough(app, idp, 'membro@example.com'));
    expect(res.statusCode).toBe(422);
    expect(res.json().reason).toBe('email_taken');
    expect(res.json().message).toMatch(/già collegato a un altro account/);
  });

  it('publishes the authorize endpoint found by discovery', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      authorize_url: `${idp.baseUrl}/idp/auth`,
      client_id: 'percorso',
      provider_label: 'Provider esterno',
    });
    expect(JSON.stringify(res.json())).not.toContain('percorso-dev-secret');
  });
});

describe.each(databases)('sign-in rate limit (%s)', (kind) => {
  const ctx = useTestApp(kind, { AUTH_RATE_LIMIT: '2' });

  it('answers 429 in Italian once an address exceeds the limit', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    expect((await exchange(ctx, {}, from)).statusCode).toBe(422);
    expect((await exchange(ctx, {}, from)).statusCode).toBe(422);
    const limited = await exchange(ctx, {}, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Troppe richieste/);
    // Another address is not affected.
    expect((await exchange(ctx, {}, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(422);
  });
});
