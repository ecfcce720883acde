import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { returnStateFor } from './authProvider/returnPath';
import { useHasSession } from './authProvider/session';
import { REPORT_PATH } from './portal/accessibility/paths';
import LoginPage from './portal/LoginPage';
import { NotFound } from './portal/NotFound';
import { PageLoader } from './portal/PageLoader';
import { ScreenError } from './portal/ScreenError';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { retryableLazy } from './components/retryableLazy';
import { portalRoutes } from './portal/routes';
import { loadAdminEntry, loadProtectedLayout } from './startPage';

/*
 * The login screen is part of the first render's code (src/renderApp.tsx: nearly all of it — MUI's
 * core, the theme — is what every page needs first anyway; moving it out was measured to save
 * nothing on the other pages). Every other screen is its own chunk: the authenticated layout
 * with the portal's query cache (ProtectedLayout), each portal page, and the back-office, whose
 * react-admin and react-query load with AdminApp only.
 */
const CallbackPage = retryableLazy(() => import('./portal/CallbackPage'));
const ProtectedLayout = retryableLazy(loadProtectedLayout);
const AdminApp = retryableLazy(loadAdminEntry);
const AccessibilityStatementPage = retryableLazy(() => import('./portal/accessibility/AccessibilityStatementPage'));
const VisitorReportPage = retryableLazy(() => import('./portal/accessibility/VisitorReportPage'));

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

/** The portal's pages for someone signed in; a visitor opens the report form in the public frame. */
const visitorRoutes = portalRoutes.filter(({ path }) => path !== REPORT_PATH);

/** The app's route table (login, callback, back-office, portal pages, "Not found."), in the one BrowserRouter. */
export function AppRoutes() {
  const signedIn = useHasSession();
  return (
    <ScreenErrorBoundary fallback={ScreenError}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/" element={<LoginPage />} />
          <Route path="/auth/callback" element={<CallbackPage />} />
          <Route path="/accessibilita" element={<AccessibilityStatementPage />} />
          {!signedIn && <Route path={REPORT_PATH} element={<VisitorReportPage />} />}
          <Route path="/admin/*" element={<AdminRoute />} />
          <Route element={<ProtectedLayout />}>
            {(signedIn ? portalRoutes : visitorRoutes).map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ScreenErrorBoundary>
  );
}
