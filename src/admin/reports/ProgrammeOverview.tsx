import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useCanAccess } from 'react-admin';
import { loadProgrammeFigures } from '../dashboardData';

/** The figures load only when a holder of read_reports opens the back-office (and the chart library after them). */
const ProgrammeFigures = lazy(loadProgrammeFigures);

/** The dashboard's programme figures: nothing at all without read_reports. */
export function ProgrammeOverview() {
  const { canAccess } = useCanAccess({ action: 'read', resource: 'reports' });
  if (!canAccess) return null;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={240} sx={{ mt: 3 }} />}>
      <ProgrammeFigures />
    </Suspense>
  );
}
