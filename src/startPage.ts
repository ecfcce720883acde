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
 * A signed-in visitor opening a page directly: its first API calls start before the first render,
 * rather than once its code has loaded and rendered (called by main.tsx before React itself is
 * loaded). A portal page asks GET /api/user and what the route names as read first (`early`); the
 * back-office asks GET /api/user/permissions, which its session check and every page need first —
 * a token the server no longer accepts is known before react-admin loads.
 * A portal page's code is not imported here: the server names its files in the page, so they
 * download with the entry, and they run when the route renders. Imported here, they ran as soon as
 * they had downloaded, together with the theme and the app they import, in one task of over
 * 200 ms on a mid-range phone. The back-office's shell is imported here (it is small, and paints
 * first); react-admin itself runs only once that shell has painted (src/admin/AdminEntry.tsx).
 */
export function startPortalPage(pathname: string): void {
  if (!getToken()) return;
  if (BACK_OFFICE.test(pathname)) {
    authProvider.checkAuth({}).catch(() => undefined);
    loadAdminEntry().catch(() => undefined);
    return;
  }
  if (NOT_PORTAL.test(pathname)) return;
  for (const page of portalPageLoads) {
    const match = matchPath(page.path, pathname);
    if (!match) continue;
    for (const url of page.early?.(match.params) ?? []) requestEarly(url);
    break;
  }
  probeIdentity()?.catch(() => undefined);
}
