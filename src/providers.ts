import { QueryClient } from '@tanstack/react-query';
import { localStorageStore } from 'ra-core';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';

const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 422]);

/** Client errors and skipped requests will not succeed on a second try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if ((error as Error | null)?.name === 'SkippedRequestError') return false;
  const status = (error as { status?: number } | null)?.status;
  if (status !== undefined && NO_RETRY_STATUSES.has(status)) return false;
  return failureCount < 2;
}

/**
 * The one QueryClient: the portal and the back-office share their cache. This module loads with
 * the first authenticated page (see src/routing/SharedAdminContext.tsx), never with the login screen.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export const store = localStorageStore(undefined, 'percorso');

/**
 * Everything react-admin's context needs: <Admin> gets these, and the portal's SharedAdminContext
 * (src/routing) provides the very same instances.
 */
export const adminContextProps = { dataProvider, authProvider, i18nProvider, queryClient, store } as const;

/** After a new sign-in: whatever the cache knew about the previous session is gone. */
export function forgetCachedSession(): void {
  queryClient.removeQueries({ queryKey: ['auth'] });
}
