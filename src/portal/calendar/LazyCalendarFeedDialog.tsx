import { lazyDialog } from '../../components/lazyDialog';
import type { CalendarFeedDialogProps } from './CalendarFeedDialog';

/** The "Calendario" dialog, loaded the first time it opens (MUI's Dialog stays off the first page load). */
export const LazyCalendarFeedDialog = lazyDialog<CalendarFeedDialogProps>(() => import('./CalendarFeedDialog'));
