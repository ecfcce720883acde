import type {
  AuthCallbackBody,
  AuthCallbackResponse,
  AuthLoginResponse,
  AuthLogoutResponse,
  PublicConfig,
  User,
} from '../../server/src/contract';
import { apiRequest, unwrapData } from './http';

/**
 * The calls of signing in and of the session (configuration, current user, permissions, logout):
 * all the sign-in screen and the authProvider need, apart from the REST data provider (and the query-string package under it), which loads
 * with the first signed-in page. Part of the dataProvider too (customMethods).
 */
export const sessionApi = {
  getPublicConfig: async (): Promise<PublicConfig> => unwrapData<PublicConfig>(await apiRequest('GET', 'config')),

  getCurrentUser: async (signal?: AbortSignal): Promise<User> =>
    unwrapData<User>(await apiRequest('GET', 'user', { signal })),

  getMyPermissions: async (signal?: AbortSignal): Promise<string[]> => {
    const permissions = unwrapData<unknown>(await apiRequest('GET', 'user/permissions', { signal }));
    return Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : [];
  },

  /** Revokes the token; resolves with the provider's end-session URL to visit next, if any. */
  logout: async (): Promise<string | null> => {
    const answer = await apiRequest<Partial<AuthLogoutResponse> | null>('POST', 'auth/logout');
    return answer && typeof answer.logout_url === 'string' && answer.logout_url ? answer.logout_url : null;
  },

  /** Starts a sign-in on the server: the provider's authorize URL and the state to expect back. */
  startSignIn: async (): Promise<AuthLoginResponse> => {
    const answer = await apiRequest<Partial<AuthLoginResponse> | null>('POST', 'auth/login');
    if (!answer || typeof answer.authorize_url !== 'string' || typeof answer.state !== 'string') {
      throw new Error('Risposta di login non valida');
    }
    return { authorize_url: answer.authorize_url, state: answer.state };
  },

  /** Passes the provider's answer on: a code and its state (→ access token), or the provider's error. */
  exchangeCode: async (body: AuthCallbackBody): Promise<string> => {
    const answer = await apiRequest<Partial<AuthCallbackResponse> | null>('POST', 'auth/callback', { body });
    if (!answer || typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw new Error('Risposta di login non valida');
    }
    return answer.access_token;
  },
};
