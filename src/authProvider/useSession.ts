import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getToken } from '../dataProvider/session';
import { useQuery } from '../lib/query/useQuery';
import type { User } from '../../server/src/contract';
import { authProvider, type AppIdentity } from './index';
import { useHasSession } from './session';

export interface Session {
  user: User | undefined;
  identity: AppIdentity | undefined;
  /** The current-user call has not answered yet. */
  loading: boolean;
  /** The current-user call answered with a user id. */
  loggedIn: boolean;
  error: unknown;
  refresh: () => void;
}

/** The portal cache's keys for the session (src/lib/query/cache.ts). */
export const IDENTITY_KEY = ['auth', 'identity'] as const;
export const PERMISSIONS_KEY = ['auth', 'permissions'] as const;

/** The current user (GET /api/user through the authProvider's getIdentity), kept five minutes. */
export function useSession(): Session {
  const hasToken = useHasSession();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: IDENTITY_KEY,
    queryFn: () => authProvider.getIdentity!() as Promise<AppIdentity>,
    enabled: hasToken,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
  const user = hasToken ? data?.user : undefined;
  return {
    user,
    identity: hasToken ? data : undefined,
    loading: hasToken && isPending,
    loggedIn: !!user?.id,
    error: hasToken ? error : null,
    refresh: refetch,
  };
}

/** The current user's permission names (GET /api/user/permissions through the authProvider). */
export function usePermissions(): string[] | undefined {
  return usePermissionsQuery().data;
}

/** The permission names have not come yet (a failed call has: the user then has none beyond their relations). */
export function usePermissionsLoading(): boolean {
  const hasToken = useHasSession();
  const { isPending } = usePermissionsQuery();
  return hasToken && isPending;
}

function usePermissionsQuery() {
  const hasToken = useHasSession();
  return useQuery({ queryKey: PERMISSIONS_KEY, queryFn: () => authProvider.getPermissions!({}) as Promise<string[]>, enabled: hasToken });
}

/** Signs out (see authProvider.logout), then shows the login screen unless the provider's own sign-out page takes over. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const target = await authProvider.logout({});
    if (target !== false && !getToken()) navigate(typeof target === 'string' ? target : '/', { replace: true });
  }, [navigate]);
}
