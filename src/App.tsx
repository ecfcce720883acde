import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { getToken } from './dataProvider';
import LoginPage from './portal/LoginPage';
import { NotFound } from './portal/NotFound';
import { PageLoader } from './portal/PageLoader';
import { portalRoutes } from './portal/routes';
import { probeIdentity } from './routing/sessionProbe';

/*
 * The login screen is part of the entry (one file, and nearly all of it — React, the router, MUI's
 * core, the authProvider — is what every page needs first anyway). Every other screen is its own
 * chunk: the authenticated layout with ra-core and react-query (ProtectedLayout), each portal page,
 * and the back-office, whose react-admin loads with AdminApp only.
 */
const CallbackPage = lazy(() => import('./portal/CallbackPage'));
const loadProtectedLayout = () => import('./portal/ProtectedLayout');
const ProtectedLayout = lazy(loadProtectedLayout);
const AdminApp = lazy(() => import('./admin/AdminApp'));

/** The paths that are not portal pages: the login screen, the callback and the back-office. */
const NOT_PORTAL = /^\/(auth\/callback\/?)?$|^\/admin(\/|$)/;

/**
 * A signed-in visitor opening a portal page: the layout's code and GET /api/user start together,
 * before the first render, rather than one after the other (called by main.tsx).
 */
export function startPortalPage(pathname: string): void {
  if (!getToken() || NOT_PORTAL.test(pathname)) return;
  loadProtectedLayout().catch(() => undefined);
  probeIdentity()?.catch(() => undefined);
}

function AdminRoute() {
  if (!getToken()) return <Navigate to="/" replace />;
  return <AdminApp />;
}

/** The route table of SPEC §2, in the one BrowserRouter. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/auth/callback" element={<CallbackPage />} />
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
