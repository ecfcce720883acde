import { lazy, Suspense, useState } from 'react';
import type { CalendarFeedDialogProps } from './CalendarFeedDialog';

const CalendarFeedDialog = lazy(() => import('./CalendarFeedDialog'));

/** The "Calendario" dialog, loaded the first time it opens (MUI's Dialog stays off the first page load). */
export function LazyCalendarFeedDialog(props: CalendarFeedDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CalendarFeedDialog {...props} />
    </Suspense>
  );
}
