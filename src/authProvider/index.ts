import { HttpError, type AuthProvider, type UserIdentity } from 'ra-core';
import { dataProvider, getToken, removeToken, type ApiError } from '../dataProvider';
import { avatarUrl } from '../lib/avatarUrl';
import { loadPublicConfig } from '../lib/publicConfigRequest';
import type { User } from '../types';
import { canAccess } from './canAccess';
import { completeLogin, startLogin } from './loginFlow';

export interface AppIdentity extends UserIdentity {
  fullName: string;
  avatar?: string;
  user: User;
}

const isAccessDenied = (error: unknown) => {
  const status = (error as { status?: number } | null)?.status;
  return status === 401 || status === 403;
};

/** The current-user calls: a 401 or 403 there means logged out (SPEC §6). */
const isSessionCall = (error: unknown) => /\/api\/user(\/permissions)?(\?|$)/.test((error as ApiError | null)?.url ?? '');

let permissionsCache: Promise<string[]> | null = null;

function fetchPermissions(): Promise<string[]> {
  if (!getToken()) return Promise.resolve([]);
  const request = dataProvider.getMyPermissions().catch((error: unknown) => {
    if (permissionsCache === request) permissionsCache = null;
    if (isAccessDenied(error)) removeToken();
    throw error;
  });
  permissionsCache = request;
  return request;
}

function forgetSession() {
  removeToken();
  permissionsCache = null;
}

/** The `{redirectTo: '/'}` rejection: react-admin sends the visitor to the login screen at /. */
const toLoginScreen = () => ({ redirectTo: '/', message: false as const });

export const authProvider: AuthProvider = {
  /** Called only by the login button: leaves for the provider. */
  login: async () => {
    await startLogin();
    return { redirectTo: false };
  },

  /** `params.search`: the callback's query string as first read (the code is removed from the URL once used). */
  handleCallback: async (params?: unknown) => {
    const search = (params as { search?: unknown } | undefined)?.search;
    await completeLogin(typeof search === 'string' ? search : undefined);
    permissionsCache = null;
    return { redirectTo: '/dashboard' };
  },

  logout: async () => {
    if (getToken()) {
      await dataProvider.logout().catch(() => undefined);
    }
    forgetSession();
    return '/';
  },

  /** Only throws: the provider is reached from the login button, never from here. */
  checkAuth: async () => {
    if (!getToken()) throw toLoginScreen();
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
        dataProvider.getCurrentUser(params?.signal),
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

  canAccess: async (request) => canAccess(await (permissionsCache ?? fetchPermissions()), request),
};

export { canAccess, hasPermission } from './canAccess';
