/**
 * How the portal's pages reach the API: the app's dataProvider, with a refused session ending the
 * session (a 401 anywhere, a 401/403 on the current user: see authProvider.checkError), and the
 * portal's cache (src/lib/query/cache.ts) bound to the session: it starts empty for each token,
 * and takes the current user the entry script has already asked (src/routing/sessionProbe.ts).
 */
import { authProvider } from '../authProvider';
import { subscribeToSession } from '../authProvider/session';
import { IDENTITY_KEY } from '../authProvider/useSession';
import { dataProvider, getToken, type AppDataProvider } from '../dataProvider';
import { queryCache } from '../lib/query/cache';
import { currentProbe } from '../routing/sessionProbe';

/** A failed call whose status says the session is over ends it (the layout then shows the login screen). */
export function checkSession(error: unknown): void {
  authProvider.checkError(error).catch(() => undefined);
}

queryCache.onError = checkSession;

let cachedFor = getToken();
subscribeToSession(() => {
  const token = getToken();
  if (token === cachedFor) return;
  cachedFor = token;
  // Signed out: the pages are leaving, nothing is asked again. Another account: everything is.
  queryCache.remove([], token !== null);
});

/** The dataProvider for the portal's writes and custom calls: failures pass through checkSession first. */
export const portalDataProvider = new Proxy(dataProvider, {
  get(target, name, receiver) {
    const value = Reflect.get(target, name, receiver) as unknown;
    if (typeof value !== 'function') return value;
    return (...args: unknown[]) =>
      (value as (...params: unknown[]) => Promise<unknown>).apply(target, args).catch((error: unknown) => {
        checkSession(error);
        throw error;
      });
  },
}) as AppDataProvider;

/**
 * GET /api/user was already asked (login screen, or main.tsx while the page's code downloaded): the
 * identity takes its answer, or joins the request in flight, rather than asking again.
 */
export function seedProbedIdentity(): void {
  const probe = currentProbe();
  if (!probe || queryCache.getState(IDENTITY_KEY).status !== 'pending') return;
  if (probe.settled) queryCache.setData(IDENTITY_KEY, probe.settled.identity, probe.settled.at);
  else queryCache.prefetch({ queryKey: IDENTITY_KEY, queryFn: () => probe.identity, retry: false });
}
