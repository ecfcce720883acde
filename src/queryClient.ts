/**
 * The app's one query cache: TanStack Query's client, which react-admin is built on. The back-office
 * gives it to <Admin> (src/providers.ts); the portal's pages read through it with TanStack Query's
 * own useQuery (src/portal/team/queries.ts, src/portal/courses/queries.ts, src/authProvider/useSession.ts).
 * It loads with the first signed-in page, never with the login screen.
 *
 * The portal's keys start with PORTAL_KEY: a failed portal read ends a refused session (react-admin
 * checks its own), and the back-office drops them when it opens (what is edited there must not show
 * stale in the portal).
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { authProvider } from './authProvider';
import { subscribeToSession } from './authProvider/session';
import { getToken } from './dataProvider/session';
import { errorStatus } from './dataProvider/apiError';

export const PORTAL_KEY = ['portal'] as const;

const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 422]);

/** Client errors and skipped requests will not succeed on a second try; others get two more (after 1 s, then 2 s). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if ((error as Error | null)?.name === 'SkippedRequestError') return false;
  const status = errorStatus(error);
  if (status !== undefined && NO_RETRY_STATUSES.has(status)) return false;
  return failureCount < 2;
}

/** A failed call whose status says the session is over ends it (the layout then shows the login screen). */
export function checkSession(error: unknown): void {
  authProvider.checkError(error).catch(() => undefined);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // After the retries: once per failure that reached the page.
    onError: (error, query) => {
      if (query.queryKey[0] === PORTAL_KEY[0]) checkSession(error);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/**
 * The cache belongs to one session. Signed out: everything is forgotten, and nothing is asked again
 * (the pages are leaving). Another account: everything starts over, and what is on screen is asked again.
 */
let cachedFor = getToken();
subscribeToSession(() => {
  const token = getToken();
  if (token === cachedFor) return;
  cachedFor = token;
  if (token === null) queryClient.clear();
  else void queryClient.resetQueries();
});
