import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'ra-core';
import type { BackOfficeDataProvider } from '../dataProvider/backOffice';
import { reportsApi, REPORTS_DASHBOARD_KEY } from './reports/api';

/** The dashboard's counts (GET /api/stats) in the query cache. */
export const ADMIN_STATS_KEY = ['admin', 'stats'] as const;

/** The programme figures' code (the dashboard shows them to holders of read_reports). */
export const loadProgrammeFigures = () => import('./reports/ProgrammeFigures');

const DASHBOARD_PATH = /^\/admin\/?$/;

interface Providers {
  authProvider: Pick<AuthProvider, 'canAccess'>;
  dataProvider: Pick<BackOfficeDataProvider, 'getAdminStats'>;
  queryClient: QueryClient;
}

/**
 * The back-office opened on its dashboard: its counts are asked as soon as the back-office's code
 * has arrived, once the caller's permissions allow it, rather than after react-admin's layout and
 * the dashboard have rendered. The dashboard's query then finds the answer, or the request in
 * flight, in the shared cache. The permissions are the ones the session check already asked for
 * (src/authProvider), so this adds no request. The programme figures below the counts are not
 * asked here: started before the first screen has rendered, their code and data would compete
 * with it (see prefetchProgrammeFigures).
 */
export function prefetchDashboard(pathname: string, { authProvider, dataProvider, queryClient }: Providers): void {
  if (!DASHBOARD_PATH.test(pathname) || !authProvider.canAccess) return;
  void authProvider
    .canAccess({ action: 'read', resource: 'admin' })
    .catch(() => false)
    .then((admin) => {
      if (admin)
        void queryClient.prefetchQuery({ queryKey: ADMIN_STATS_KEY, queryFn: () => dataProvider.getAdminStats() });
    });
}

/**
 * The programme figures' request, started by the dashboard (for holders of read_reports) together
 * with their code, rather than once that code has arrived and rendered.
 */
export function prefetchProgrammeFigures(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({ queryKey: REPORTS_DASHBOARD_KEY, queryFn: reportsApi.dashboard });
}
