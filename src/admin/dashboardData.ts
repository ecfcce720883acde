import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'ra-core';
import type { AppDataProvider } from '../dataProvider';
import { reportsApi } from './reports/api';

/** The dashboard's counts (GET /api/stats) in the query cache. */
export const ADMIN_STATS_KEY = ['admin', 'stats'] as const;
/** The programme figures (GET /api/reports/dashboard) in the query cache. */
export const REPORTS_DASHBOARD_KEY = ['reports', 'dashboard'] as const;

/** The programme figures' code (the dashboard shows them to holders of read_reports). */
export const loadProgrammeFigures = () => import('./reports/ProgrammeFigures');

const DASHBOARD_PATH = /^\/admin\/?$/;

interface Providers {
  authProvider: Pick<AuthProvider, 'canAccess'>;
  dataProvider: Pick<AppDataProvider, 'getAdminStats'>;
  queryClient: QueryClient;
}

/**
 * The back-office opened on its dashboard: the dashboard's requests (and the figures' code) start
 * as soon as the back-office's code has arrived, each once the caller's permissions allow it,
 * rather than one after the other as each piece renders (react-admin's layout, then the dashboard,
 * then the figures' chunk, then their request). The dashboard's queries then find the answers, or
 * the requests in flight, in the shared cache. The permissions are the ones the session check
 * already asked for (src/authProvider), so this adds no request.
 */
export function prefetchDashboard(pathname: string, { authProvider, dataProvider, queryClient }: Providers): void {
  if (!DASHBOARD_PATH.test(pathname) || !authProvider.canAccess) return;
  const allowed = (resource: string) => authProvider.canAccess!({ action: 'read', resource }).catch(() => false);
  void allowed('admin').then((admin) => {
    if (admin) void queryClient.prefetchQuery({ queryKey: ADMIN_STATS_KEY, queryFn: () => dataProvider.getAdminStats() });
  });
  void allowed('reports').then((reports) => {
    if (!reports) return;
    loadProgrammeFigures().catch(() => undefined);
    void queryClient.prefetchQuery({ queryKey: REPORTS_DASHBOARD_KEY, queryFn: reportsApi.dashboard });
  });
}
