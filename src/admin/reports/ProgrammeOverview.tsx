import { lazy, Suspense, useEffect } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess } from 'react-admin';
import { loadProgrammeFigures, prefetchProgrammeFigures } from '../dashboardData';

/** The figures load only when a holder of read_reports opens the back-office (and the chart library after them). */
const ProgrammeFigures = lazy(loadProgrammeFigures);

/** The dashboard's programme figures: nothing at all without read_reports. */
export function ProgrammeOverview() {
  const { canAccess } = useCanAccess({ action: 'read', resource: 'reports' });
  const queryClient = useQueryClient();
  useEffect(() => {
    // The figures' request goes out with their code (the lazy chunk below), not after it.
    if (canAccess) prefetchProgrammeFigures(queryClient);
  }, [canAccess, queryClient]);
  if (!canAccess) return null;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={240} sx={{ mt: 3 }} />}>
      <ProgrammeFigures />
    </Suspense>
  );
}
