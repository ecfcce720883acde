import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, PERMISSIONS_FRESH_MS } from '../../src/authProvider';
import { canAccess, hasPermission, requiredPermission } from '../../src/authProvider/canAccess';
import { completeLogin, LoginCallbackError } from '../../src/authProvider/loginFlow';
import { loginReturnState, returnPathFrom, returnStateFor, sessionExpiredIn } from '../../src/authProvider/returnPath';
import { hasSession, startSession, subscribeToSession } from '../../src/authProvider/session';
import { mockFetch } from './fetchMock';

const config = {
  authorize_url: 'http://localhost:3000/idp/auth',
  client_id: 'percorso',
  redirect_uri: 'http://localhost:3000/auth/callback',
  provider_label: 'Incubatore',
  account_url: 'http://localhost:3000/idp/account',
  privacy_url: 'https://example.com/privacy',
  avatar_host: 'https://account.example.com',
};

const user = {
  id: 4,
  name: 'Mario',
  surname: 'Rossi',
  email: 'mario@example.com',
  avatar: 'avatars/4.png',
  teams: [],
  teams_as_expert: [],
  sessions_as_expert: [],
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login', () => {
  it('lets the server start the sign-in, remembers its state in this tab, then leaves for the provider', async () => {
    const authorize = 'http://localhost:3000/idp/auth?client_id=percorso&state=S9&nonce=N9&code_challenge=C9';
    const { calls } = mockFetch({ body: { authorize_url: authorize, state: 'S9' } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      origin: 'http://localhost:3000',
    } as Location);
    await expect(authProvider.login({})).resolves.toEqual({ redirectTo: false });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/login']);
    expect(JSON.parse(sessionStorage.getItem('oauth_flow')!)).toEqual({ state: 'S9' });
    expect(assign).toHaveBeenCalledWith(authorize);
  });
});

describe('the page to return to after signing in', () => {
  it('travels with the flow of this tab, and the callback leads there', async () => {
    const authorize = 'http://localhost:3000/idp/auth?state=S5';
    mockFetch({ body: { authorize_url: authorize, state: 'S5' } });
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn() } as Location);
    await authProvider.login({ returnTo: '/segnala-accessibilita?x=1' });
    expect(JSON.parse(sessionStorage.getItem('oauth_flow')!)).toEqual({
      state: 'S5',
      returnTo: '/segnala-accessibilita?x=1',
    });
    vi.restoreAllMocks();

    mockFetch({ body: { access_token: 'T5' } });
    await expect(authProvider.handleCallback!({ search: '?code=C5&state=S5' } as never)).resolves.toEqual({
      redirectTo: '/segnala-accessibilita?x=1',
    });
  });

  it('never another site nor the sign-in screens, even from a tampered flow', async () => {
    for (const returnTo of [
      '//evil.example.com/x',
      '/\\evil.example.com',
      'https://evil.example.com',
      '/',
      '/auth/callback?code=1',
      'percorso/1',
    ]) {
      sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S6', returnTo }));
      mockFetch({ body: { access_token: 'T6' } });
      const code = `C6${encodeURIComponent(returnTo)}`;
      await expect(authProvider.handleCallback!({ search: `?code=${code}&state=S6` } as never)).resolves.toEqual({
        redirectTo: '/dashboard',
      });
    }
  });

  it('is kept for a session that ended under the visitor, not after signing out', async () => {
    const here = { pathname: '/percorso/3/sessions/9', search: '?tab=1' };
    startSession('T7');
    authProvider.checkError({ status: 401 }).catch(() => undefined);
    // Ended by the server: the login screen also says the session expired.
    expect(returnStateFor(here)).toEqual({
      nextPathname: '/percorso/3/sessions/9',
      nextSearch: '?tab=1',
      expired: true,
    });
    expect(sessionExpiredIn(returnStateFor(here))).toBe(true);
    // react-admin's own redirect to / comes second: the login screen still knows where and why.
    expect(loginReturnState({ nextPathname: '/', nextSearch: '' })).toEqual({
      nextPathname: '/percorso/3/sessions/9',
      nextSearch: '?tab=1',
      expired: true,
    });
    expect(loginReturnState({ nextPathname: '/admin/teams', nextSearch: '' })).toEqual({
      nextPathname: '/admin/teams',
      nextSearch: '',
      expired: true,
    });
    // Its logout after the refusal does not turn "expired" into "signed out".
    await authProvider.logout({});
    expect(sessionExpiredIn(returnStateFor(here))).toBe(true);
    expect(returnPathFrom(returnStateFor(here))).toBe('/percorso/3/sessions/9?tab=1');

    startSession('T8');
    mockFetch({ status: 204 });
    await authProvider.logout({});
    expect(returnStateFor(here)).toBeUndefined();
    expect(returnPathFrom(undefined)).toBeNull();
    expect(sessionExpiredIn(undefined)).toBe(false);
  });
});

describe('callback', () => {
  const startFlow = () => sessionStorage.setItem('oauth_flow', JSON.stringify({ state: 'S1' }));

  it('checks state, posts code + state once, stores the token and removes the code from the URL', async () => {
    startFlow();
    window.history.replaceState(null, '', '/auth/callback?code=C1&state=S1');
    const { calls } = mockFetch({ body: { access_token: 'T1' } });
    const first = authProvider.handleCallback!({ search: '?code=C1&state=S1' } as never);
    const second = authProvider.handleCallback!({ search: '?code=C1&state=S1' } as never); // StrictMode's second run
    await expect(first).resolves.toEqual({ redirectTo: '/dashboard' });
    await second;
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/auth/callback');
    expect(JSON.parse(calls[0].body as string)).toEqual({ code: 'C1', state: 'S1' });
    expect(localStorage.getItem('token')).toBe('T1');
    expect(window.location.search).toBe('');
    expect(sessionStorage.getItem('oauth_flow')).toBeNull();
  });

  it('refuses a state that does not match, without calling the API', async () => {
    startFlow();
    const { fetch } = mockFetch();
    await expect(completeLogin('?code=C2&state=WRONG')).rejects.toMatchObject({
      message: 'state mismatch',
      reason: 'expired',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("passes the provider's error on to the server and fails with the reason it answers", async () => {
    startFlow();
    const { calls } = mockFetch({
      status: 422,
      body: { message: 'Accesso negato', errors: { code: ['Accesso negato'] }, reason: 'access_denied' },
    });
    const failure = completeLogin('?error=access_denied&error_description=Nope&state=S1');
    await expect(failure).rejects.toBeInstanceOf(LoginCallbackError);
    await expect(failure).rejects.toMatchObject({ reason: 'access_denied' });
    expect(JSON.parse(calls[0].body as string)).toEqual({
      error: 'access_denied',
      error_description: 'Nope',
      state: 'S1',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps every reason the screen has a line for, and no other', async () => {
    startFlow();
    mockFetch({ status: 422, body: { message: 'x', reason: 'not_invited' } });
    await expect(completeLogin('?code=C7&state=S1')).rejects.toMatchObject({ reason: 'not_invited' });
    startFlow();
    mockFetch({ status: 422, body: { message: 'x', reason: 'code_refused' } });
    await expect(completeLogin('?code=C8&state=S1')).rejects.toMatchObject({ reason: 'code_refused' });
    startFlow();
    mockFetch({ status: 422, body: { message: 'x', reason: 'no_such_reason' } });
    await expect(completeLogin('?code=C9&state=S1')).rejects.toMatchObject({ reason: null });
  });

  it('refuses a missing code', async () => {
    await expect(completeLogin('?state=S1')).rejects.toThrow('missing code');
  });

  it('a failed exchange stores no token', async () => {
    startFlow();
    mockFetch({ status: 400, body: { message: 'Codice non valido' } });
    await expect(completeLogin('?code=C3&state=S1')).rejects.toBeInstanceOf(LoginCallbackError);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('checkAuth, checkError, logout', () => {
  it('checkAuth only throws, towards /', async () => {
    const { fetch } = mockFetch();
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/', message: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checkAuth passes when the server accepts the token, and canAccess reuses that answer', async () => {
    localStorage.setItem('token', 'T-accepted');
    const { calls } = mockFetch({ body: { data: ['read_teams'] } });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.canAccess!({ action: 'list', resource: 'teams' })).resolves.toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/user/permissions']);
    expect(calls[0].headers.get('Authorization')).toBe('Bearer T-accepted');
  });

  it('checkAuth ends a session the server no longer accepts, and tells the subscribers', async () => {
    localStorage.setItem('token', 'T-stale');
    mockFetch({ status: 401, body: { message: 'Non autenticato' } });
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/', message: false });
    unsubscribe();
    expect(localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('checkAuth keeps the session when the check fails for another reason', async () => {
    localStorage.setItem('token', 'T-busy');
    const { calls } = mockFetch({ status: 500, body: { message: 'Errore' } }, { body: { data: [] } });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('T-busy');
    // The failure is not remembered: the next check asks again.
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calls).toHaveLength(2);
  });

  it('getPermissions joins the request in flight, takes an answer of the last seconds, and asks again after that', async () => {
    localStorage.setItem('token', 'T-join');
    const { calls } = mockFetch({ body: { data: ['read_teams'] } }, { body: { data: ['read_teams', 'read_users'] } });
    const check = authProvider.checkAuth({});
    await expect(authProvider.getPermissions!({})).resolves.toEqual(['read_teams']);
    await check;
    expect(calls).toHaveLength(1);
    // react-admin's first screen asks right after the session check: the same answer, no request.
    await expect(authProvider.getPermissions!({})).resolves.toEqual(['read_teams']);
    expect(calls).toHaveLength(1);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + PERMISSIONS_FRESH_MS);
    try {
      await expect(authProvider.getPermissions!({})).resolves.toEqual(['read_teams', 'read_users']);
    } finally {
      clock.mockRestore();
    }
    await expect(authProvider.canAccess!({ action: 'list', resource: 'users' })).resolves.toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('a new token asks for its own permissions', async () => {
    localStorage.setItem('token', 'T-first');
    const { calls } = mockFetch({ body: { data: ['read_teams'] } }, { body: { data: [] } });
    await expect(authProvider.canAccess!({ action: 'list', resource: 'teams' })).resolves.toBe(true);
    localStorage.setItem('token', 'T-second');
    await expect(authProvider.canAccess!({ action: 'list', resource: 'teams' })).resolves.toBe(false);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer T-first', 'Bearer T-second']);
  });

  it('logout goes on to the provider when the server answers an end-session URL', async () => {
    localStorage.setItem('token', 'T-out');
    mockFetch({ body: { logout_url: 'http://localhost:3000/idp/session/end?id_token_hint=x' } });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    await expect(authProvider.logout({})).resolves.toBe(false);
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/idp/session/end?id_token_hint=x');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout without a provider session to end goes to /', async () => {
    localStorage.setItem('token', 'T-out2');
    mockFetch({ body: { logout_url: null } });
    await expect(authProvider.logout({})).resolves.toBe('/');
  });

  it('ending or starting the session tells the subscribers', async () => {
    localStorage.setItem('token', 'T');
    mockFetch({ status: 204 });
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    await authProvider.logout({});
    expect(hasSession()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    await authProvider.checkError({ status: 401, url: '/api/teams' }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(2);
    startSession('T2');
    expect(hasSession()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    await authProvider.logout({});
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('401 anywhere logs out', async () => {
    localStorage.setItem('token', 'T');
    await expect(authProvider.checkError({ status: 401, url: '/api/teams' })).rejects.toMatchObject({
      redirectTo: '/',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('403 on the current-user calls logs out, 403 elsewhere does not', async () => {
    localStorage.setItem('token', 'T');
    await expect(authProvider.checkError({ status: 403, url: '/api/teams/3' })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('T');
    await expect(authProvider.checkError({ status: 403, url: '/api/user' })).rejects.toMatchObject({ redirectTo: '/' });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('other errors keep the session', async () => {
    localStorage.setItem('token', 'T');
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe('T');
  });

  it('logout revokes on the server, removes the token and goes to /', async () => {
    localStorage.setItem('token', 'T');
    const { calls } = mockFetch({ status: 204 });
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer T');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout ignores a server failure', async () => {
    localStorage.setItem('token', 'T');
    mockFetch({ status: 500 });
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('getIdentity and getPermissions', () => {
  it('identity from GET /api/user with full name and the avatar rule', async () => {
    localStorage.setItem('token', 'T');
    mockFetch({ body: { data: user } }, { body: config });
    const identity = await authProvider.getIdentity!();
    expect(identity).toMatchObject({
      id: 4,
      fullName: 'Mario Rossi',
      avatar: 'https://account.example.com/avatars/4.png',
    });
    expect(identity.user).toEqual(user);
  });

  it('a 401 on GET /api/user means logged out', async () => {
    localStorage.setItem('token', 'T');
    mockFetch({ status: 401, body: { message: 'Non autenticato' } }, { body: config });
    await expect(authProvider.getIdentity!()).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('without a token there is no identity and no call', async () => {
    const { fetch } = mockFetch();
    await expect(authProvider.getIdentity!()).rejects.toMatchObject({ status: 401 });
    await expect(authProvider.getPermissions!({})).resolves.toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('permissions from GET /api/user/permissions, and canAccess uses them', async () => {
    localStorage.setItem('token', 'T');
    const { calls } = mockFetch({ body: { data: ['read_teams'] } });
    await expect(authProvider.getPermissions!({})).resolves.toEqual(['read_teams']);
    await expect(authProvider.canAccess!({ action: 'list', resource: 'teams' })).resolves.toBe(true);
    await expect(authProvider.canAccess!({ action: 'delete', resource: 'teams' })).resolves.toBe(false);
    expect(calls.map((c) => c.url)).toEqual(['/api/user/permissions']);
  });
});

describe('canAccess (one pure rule)', () => {
  it('maps react-admin actions to the catalogue', () => {
    expect(requiredPermission({ action: 'list', resource: 'experts' })).toBe('read_experts');
    expect(requiredPermission({ action: 'show', resource: 'teams' })).toBe('read_teams');
    expect(requiredPermission({ action: 'create', resource: 'sessions' })).toBe('create_sessions');
    expect(requiredPermission({ action: 'edit', resource: 'teams' })).toBe('update_teams');
    expect(requiredPermission({ action: 'delete', resource: 'courses' })).toBe('delete_courses');
  });
  it('follows the exceptions of the permission catalogue', () => {
    expect(requiredPermission({ action: 'edit', resource: 'roles' })).toBe('edit_roles');
    expect(requiredPermission({ action: 'edit', resource: 'users' })).toBe('update_roles');
    expect(requiredPermission({ action: 'create', resource: 'modules' })).toBe('create_modules');
    expect(requiredPermission({ action: 'edit', resource: 'modules' })).toBe('update_lesosns');
    expect(requiredPermission({ action: 'delete', resource: 'modules' })).toBe('delete_courses');
    expect(requiredPermission({ action: 'create', resource: 'lessons' })).toBe('create_lessons');
    expect(canAccess([], { action: 'edit', resource: 'lessons' })).toBe(true);
    expect(canAccess([], { action: 'delete', resource: 'lessons' })).toBe(true);
  });
  it('"developer" passes every check', () => {
    expect(canAccess(['developer'], { action: 'delete', resource: 'roles' })).toBe(true);
    expect(canAccess(['developer'], { action: 'anything', resource: 'else' })).toBe(true);
    expect(hasPermission(['developer'], 'update_teams')).toBe(true);
  });
  it('the back-office needs any permission at all', () => {
    expect(canAccess([], { action: 'access', resource: 'admin' })).toBe(false);
    expect(canAccess(undefined, { action: 'access', resource: 'admin' })).toBe(false);
    expect(canAccess(['read_users'], { action: 'access', resource: 'admin' })).toBe(true);
  });
  it('unknown actions are denied', () => {
    expect(canAccess(['read_teams'], { action: 'export', resource: 'teams' })).toBe(false);
    expect(hasPermission(['read_teams'], 'update_teams')).toBe(false);
  });
});
