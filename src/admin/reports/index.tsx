import { lazy, Suspense } from 'react';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Loading } from 'react-admin';
import type { AdminPage } from '../resource';

/** The reports page is a chunk of its own, fetched when a holder of read_reports opens it. */
const LazyReportsPage = lazy(() => import('./ReportsPage'));

function ReportsRoute() {
  return (
    <Suspense fallback={<Loading />}>
      <LazyReportsPage />
    </Suspense>
  );
}

export const reports: AdminPage = {
  name: 'reports',
  page: ReportsRoute,
  icon: AssessmentIcon,
  access: { action: 'read', resource: 'reports' },
};
