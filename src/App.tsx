import { lazy, Suspense } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { authProvider } from './authProvider';
import { returnStateFor } from './authProvider/returnPath';
import { useHasSession } from './authProvider/session';
import { getToken, requestEarly } from './dataProvider/session';
import LoginPage from './portal/LoginPage';
import { NotFound } from './portal/NotFound';
import { PageLoader } from './portal/PageLoader';
import { portalRoutes } from './portal/routes';
import { probeIdentity } from './routing/sessionProbe';

/*
 * The login screen is part of the entry (one file, and nearly all of it — React, the router, MUI's
 * core, the authProvider — is what every page needs first anyway; moving it out was measured to
 * save nothing on the other pages). Every other screen is its own chunk: the authenticated layout
 * with the portal's query cache (ProtectedLayout), each portal page, and the back-office, whose
 * react-admin and react-query load with AdminApp only.
 */
const CallbackPage = lazy(() => import('./portal/CallbackPage'));
const loadProtectedLayout = () => import('./portal/ProtectedLayout');
const ProtectedLayout = lazy(loadProtectedLayout);
const loadAdminEntry = () => import('./admin/AdminEntry');
const AdminApp = lazy(loadAdminEntry);
const AccessibilityStatementPage = lazy(() => import('./portal/accessibility/AccessibilityStatementPage'));

/** The paths that are not portal pages: the login screen, the callback and the back-office. */
const NOT_PORTAL = /^\/(auth\/callback\/?|accessibilita\/?)?$|^\/admin(\/|$)/;
const BACK_OFFICE = /^\/admin(\/|$)/;

/**
 * A signed-in visitor opening a page directly: its code (the layout's and the page's) and its first
 * API calls start together, before the first render, rather than one after the other (called by
 * main.tsx). A portal page asks GET /api/user and what the route names as read first (`early`);
 * the back-office asks GET /api/user/permissions, which its session check and every page need
 * first — a token the server no longer accepts is known before react-admin loads.
 */
export function startPortalPage(pathname: string): void {
  if (!getToken()) return;
  if (BACK_OFFICE.test(pathname)) {
    authProvider.checkAuth({}).catch(() => undefined);
    loadAdminEntry()
      .then(({ loadAdminApp }) => loadAdminApp())
      .catch(() => undefined);
    return;
  }
  if (NOT_PORTAL.test(pathname)) return;
  loadProtectedLayout().catch(() => undefined);
  for (const route of portalRoutes) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    route.load().catch(() => undefined);
    for (const url of route.early?.(match.params) ?? []) requestEarly(url);
    break;
  }
  probeIdentity()?.catch(() => undefined);
}

/**
 * The back-office exists only while there is a session: the render that follows the end of the
 * session (logout, a 401) unmounts it at once — see src/authProvider/session.ts for why this
 * cannot wait for the navigation to /.
 */
function AdminRoute() {
  const location = useLocation();
  if (!useHasSession()) return <Navigate to="/" replace state={returnStateFor(location)} />;
  return <AdminApp />;
}

/** The app's route table (login, callback, back-office, portal pages, "Not found."), in the one BrowserRouter. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/auth/callback" element={<CallbackPage />} />
        <Route path="/accessibilita" element={<AccessibilityStatementPage />} />
        <Route path="/admin/*" element={<AdminRoute />} />
        <Route element={<ProtectedLayout />}>
          {portalRoutes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}
