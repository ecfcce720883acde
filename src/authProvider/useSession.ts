import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getToken } from '../dataProvider/session';
import { PORTAL_KEY, queryClient } from '../queryClient';
import { useQuery } from '@tanstack/react-query';
import type { User } from '../../server/src/contract';
import { authProvider, type AppIdentity } from './index';
import { useHasSession } from './session';
import { currentProbe } from '../routing/sessionProbe';

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

/** The portal's keys for the session in the query cache (src/queryClient.ts). */
export const IDENTITY_KEY = [...PORTAL_KEY, 'auth', 'identity'] as const;
export const PERMISSIONS_KEY = [...PORTAL_KEY, 'auth', 'permissions'] as const;

/** The current user (GET /api/user through the authProvider's getIdentity), kept five minutes. */
export function useSession(): Session {
  const hasToken = useHasSession();
  const { data, isPending, error, refetch } = useQuery(
    {
      queryKey: IDENTITY_KEY,
      queryFn: () => authProvider.getIdentity!() as Promise<AppIdentity>,
      enabled: hasToken,
      retry: false,
      staleTime: 5 * 60 * 1000,
    },
    queryClient,
  );
  const user = hasToken ? data?.user : undefined;
  return {
    user,
    identity: hasToken ? data : undefined,
    loading: hasToken && isPending,
    loggedIn: !!user?.id,
    error: hasToken ? error : null,
    refresh: () => void refetch(),
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
  return useQuery(
    {
      queryKey: PERMISSIONS_KEY,
      queryFn: () => authProvider.getPermissions!({}) as Promise<string[]>,
      enabled: hasToken,
    },
    queryClient,
  );
}

/** Signs out (see authProvider.logout), then shows the login screen unless the provider's own sign-out page takes over. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const target = await authProvider.logout({});
    if (target !== false && !getToken()) navigate(typeof target === 'string' ? target : '/', { replace: true });
  }, [navigate]);
}

/**
 * GET /api/user was already asked (login screen, or main.tsx while the page's code downloaded): the
 * identity takes its answer, or joins the request in flight, rather than asking again.
 */
export function seedProbedIdentity(): void {
  const probe = currentProbe();
  const state = queryClient.getQueryState(IDENTITY_KEY);
  if (!probe || (state && state.status !== 'pending')) return;
  if (probe.settled) queryClient.setQueryData(IDENTITY_KEY, probe.settled.identity, { updatedAt: probe.settled.at });
  else void queryClient.prefetchQuery({ queryKey: IDENTITY_KEY, queryFn: () => probe.identity, retry: false });
}
