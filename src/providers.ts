import { localStorageStore } from 'ra-core';
import { authProvider } from './authProvider';
import { subscribeToSession } from './authProvider/session';
import { forgetEditVersions, getToken } from './dataProvider';
import { backOfficeDataProvider as dataProvider } from './dataProvider/backOffice';
import { i18nProvider } from './i18n';
import { PORTAL_KEY, queryClient } from './queryClient';
import { currentProbe } from './routing/sessionProbe';
import { STORE_APP_KEY } from './admin/layout/sidebarStore';

/** The edit versions belong to one session (the query cache, src/queryClient.ts, empties itself). */
let versionsFor = getToken();
subscribeToSession(() => {
  const token = getToken();
  if (token === versionsFor) return;
  versionsFor = token;
  forgetEditVersions();
});

export const store = localStorageStore(undefined, STORE_APP_KEY);

/** Everything react-admin's context needs: <Admin> gets these. */
export const adminContextProps = { dataProvider, authProvider, i18nProvider, queryClient, store } as const;

/** ra-core's useGetIdentity() cache key. */
const IDENTITY_KEY = ['auth', 'getIdentity'];

/**
 * GET /api/user was already asked (the portal, or AdminEntry while this chunk downloaded): the
 * back-office's identity query takes its answer, or joins the request in flight.
 */
export function seedProbedIdentity(): void {
  const probe = currentProbe();
  if (!probe || queryClient.getQueryState(IDENTITY_KEY)) return;
  if (probe.settled) queryClient.setQueryData(IDENTITY_KEY, probe.settled.identity, { updatedAt: probe.settled.at });
  else void queryClient.prefetchQuery({ queryKey: IDENTITY_KEY, queryFn: () => probe.identity });
}

let opened = false;

/**
 * The back-office opens: the portal's reads are dropped (what is edited here must not show stale
 * there), and, from the second time on, what react-admin kept is marked stale (the portal may have
 * changed it meanwhile): react-admin asks again what it shows.
 */
export function onBackOfficeOpen(): void {
  queryClient.removeQueries({ queryKey: PORTAL_KEY });
  if (opened) void queryClient.invalidateQueries({ refetchType: 'none' });
  opened = true;
}
