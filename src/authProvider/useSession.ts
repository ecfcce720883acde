import { useGetIdentity } from 'ra-core';
import { getToken } from '../dataProvider/session';
import type { User } from '../../server/src/schemas/contract';
import type { AppIdentity } from './index';

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

/** The current user (GET /api/user through the authProvider's getIdentity), cached by react-query. */
export function useSession(): Session {
  const hasToken = !!getToken();
  const { identity, isPending, error, refetch } = useGetIdentity({ enabled: hasToken, retry: false, staleTime: 5 * 60 * 1000 });
  const appIdentity = identity as AppIdentity | undefined;
  const user = hasToken ? appIdentity?.user : undefined;
  return {
    user,
    identity: hasToken ? appIdentity : undefined,
    loading: hasToken && isPending,
    loggedIn: !!user?.id,
    error,
    refresh: () => void refetch(),
  };
}
