import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { getToken } from './dataProvider';
import { NotFound } from './portal/NotFound';
import { PageLoader } from './portal/PageLoader';
import { portalRoutes } from './portal/routes';

/*
 * Every screen is its own chunk, so the login screen downloads neither the layout nor the
 * back-office: react-admin and everything only it uses load with AdminApp.
 */
import LoginPage from './portal/LoginPage';
const CallbackPage = lazy(() => import('./portal/CallbackPage'));
const ProtectedLayout = lazy(() => import('./portal/ProtectedLayout'));
const AdminApp = lazy(() => import('./admin/AdminApp'));

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
