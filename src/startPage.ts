import { matchPath } from 'react-router';
import { authProvider } from './authProvider';
import { getToken, requestEarly } from './dataProvider/session';
import { portalPageLoads } from './portal/pageLoads';
import { probeIdentity } from './routing/sessionProbe';

/** The authenticated layout with the portal's query cache (src/App.tsx renders it). */
export const loadProtectedLayout = () => import('./portal/ProtectedLayout');
/** The back-office's entry (src/App.tsx renders it). */
export const loadAdminEntry = () => import('./admin/AdminEntry');

/** The paths that are not portal pages: the login screen, the callback and the back-office. */
const NOT_PORTAL = /^\/(auth\/callback\/?|accessibilita\/?)?$|^\/admin(\/|$)/;
const BACK_OFFICE = /^\/admin(\/|$)/;

/**
 * A signed-in visitor opening a page directly: its code (the layout's and the page's) and its first
 * API calls start together, before the first render, rather than one after the other (called by
 * main.tsx before React itself is loaded). A portal page asks GET /api/user and what the route
 * names as read first (`early`); the back-office asks GET /api/user/permissions, which its session
 * check and every page need first — a token the server no longer accepts is known before
 * react-admin loads. react-admin itself downloads meanwhile (the server names its files in the
 * page) but runs only once the back-office's shell has painted (src/admin/AdminEntry.tsx): run
 * here, it held the first paint back until it was done.
 */
export function startPortalPage(pathname: string): void {
  if (!getToken()) return;
  if (BACK_OFFICE.test(pathname)) {
    authProvider.checkAuth({}).catch(() => undefined);
    loadAdminEntry().catch(() => undefined);
    return;
  }
  if (NOT_PORTAL.test(pathname)) return;
  loadProtectedLayout().catch(() => undefined);
  for (const page of portalPageLoads) {
    const match = matchPath(page.path, pathname);
    if (!match) continue;
    page.load().catch(() => undefined);
    for (const url of page.early?.(match.params) ?? []) requestEarly(url);
    break;
  }
  probeIdentity()?.catch(() => undefined);
}
