import { HttpError, type AuthProvider, type UserIdentity } from 'ra-core';
import { getToken, sessionApi, type ApiError } from '../dataProvider/session';
import { avatarUrl } from '../components/avatarUrl';
import { loadPublicConfig } from '../config/publicConfigRequest';
import type { User } from '../../server/src/contract';
import { canAccess } from './canAccess';
import { safeReturnPath } from './returnPath';
import { endSession } from './session';

export interface AppIdentity extends UserIdentity {
  fullName: string;
  avatar?: string;
  user: User;
}

const isAccessDenied = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status;
  return status === 401 || status === 403;
};

/** The current-user calls: a 401 or 403 there means logged out. */
const isSessionCall = (error: unknown) =>
  /\/api\/user(\/permissions)?(\?|$)/.test((error as ApiError | null)?.url ?? '');

/** The last GET /api/user/permissions of the stored token (a new sign-in asks again); `answeredAt`: Date.now() of its answer. */
let permissionsCache: { token: string; request: Promise<string[]>; answeredAt: number | null } | null = null;

/**
 * How long an answer stands in for a new request. Opening the back-office asks for the permissions
 * in the session check (started before react-admin has downloaded), then react-admin asks again
 * for its first screen (usePermissions): that second request would only delay the first screen by
 * a round trip for the very same answer. Later asks (react-admin's refetches) reach the server.
 */
export const PERMISSIONS_FRESH_MS = 10_000;

/**
 * Asks the server (or joins the same token's request in flight, or takes its answer of the last
 * PERMISSIONS_FRESH_MS); a 401 or 403 ends the session.
 */
function fetchPermissions(): Promise<string[]> {
  const token = getToken();
  if (!token) return Promise.resolve([]);
  if (permissionsCache?.token === token) {
    const { answeredAt } = permissionsCache;
    if (answeredAt === null || Date.now() - answeredAt < PERMISSIONS_FRESH_MS) return permissionsCache.request;
  }
  const entry: NonNullable<typeof permissionsCache> = {
    token,
    answeredAt: null,
    request: sessionApi.getMyPermissions().then(
      (permissions) => {
        entry.answeredAt = Date.now();
        return permissions;
      },
      (error: unknown) => {
        if (permissionsCache === entry) permissionsCache = null;
        if (isAccessDenied(error)) forgetSession();
        throw error;
      },
    ),
  };
  permissionsCache = entry;
  return entry.request;
}

/** The permissions already asked for the stored token, or asked now. */
function sessionPermissions(): Promise<string[]> {
  const token = getToken();
  return token && permissionsCache?.token === token ? permissionsCache.request : fetchPermissions();
}

function forgetSession(options?: { signedOut?: boolean }) {
  permissionsCache = null;
  endSession(options);
}

/** The `{redirectTo: '/'}` rejection: react-admin sends the visitor to the login screen at /. */
const toLoginScreen = () => ({ redirectTo: '/', message: false as const });

/** The sign-in flow: the login and callback screens use it, the signed-in pages do not download it. */
export const loadLoginFlow = () => import('./loginFlow');

export const authProvider: AuthProvider = {
  /**
   * Called only by the login button: leaves for the provider. `params.returnTo`: the page to open
   * once signed in (see src/authProvider/returnPath.ts); the dashboard without it.
   */
  login: async (params?: { returnTo?: string | null }) => {
    const { startLogin } = await loadLoginFlow();
    await startLogin(safeReturnPath(params?.returnTo));
    return { redirectTo: false };
  },

  /** `params.search`: the callback's query string as first read (the code is removed from the URL once used). */
  handleCallback: async (params?: unknown) => {
    const search = (params as { search?: unknown } | undefined)?.search;
    const { completeLogin } = await loadLoginFlow();
    const returnTo = await completeLogin(typeof search === 'string' ? search : undefined);
    permissionsCache = null;
    return { redirectTo: returnTo ?? '/dashboard' };
  },

  /** Revokes the token, then ends the provider session too when the provider offers it. */
  logout: async () => {
    const providerLogout = getToken() ? await sessionApi.logout().catch(() => null) : null;
    forgetSession({ signedOut: true });
    if (providerLogout) {
      window.location.assign(providerLogout);
      return false;
    }
    return '/';
  },

  /**
   * Only throws: the provider is reached from the login button, never from here. A stored token
   * is not enough: the server must still accept it, which GET /api/user/permissions tells (the
   * back-office needs that answer for every page anyway, so this costs no extra request). Any
   * other failure keeps the session: the pages show their own error.
   */
  checkAuth: async () => {
    if (!getToken()) throw toLoginScreen();
    await sessionPermissions().catch((error: unknown) => {
      if (isAccessDenied(error)) throw toLoginScreen();
    });
  },

  checkError: async (error) => {
    const status = (error as { status?: number } | null)?.status;
    if (status === 401 || (status === 403 && isSessionCall(error))) {
      forgetSession();
      throw toLoginScreen();
    }
  },

  getIdentity: async (params?: { signal?: AbortSignal }): Promise<AppIdentity> => {
    if (!getToken()) throw new HttpError('Non autenticato', 401);
    try {
      const [user, config] = await Promise.all([
        sessionApi.getCurrentUser(params?.signal),
        loadPublicConfig().catch(() => null),
      ]);
      if (!user || user.id == null) throw new HttpError('Non autenticato', 401);
      return {
        id: user.id,
        fullName: [user.name, user.surname].filter(Boolean).join(' '),
        avatar: avatarUrl(user.avatar, config?.avatar_host),
        user,
      };
    } catch (error) {
      if (isAccessDenied(error)) forgetSession();
      throw error;
    }
  },

  getPermissions: () => fetchPermissions(),

  canAccess: async (request) => canAccess(await sessionPermissions(), request),
};
