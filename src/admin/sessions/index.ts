import EventIcon from '@mui/icons-material/Event';
import type { RaRecord } from 'react-admin';
import { lazyView, type AdminResource } from '../resource';

export const sessions: AdminResource = {
  name: 'sessions',
  list: lazyView(() => import('./SessionList'), 'SessionList'),
  icon: EventIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
  count: { stat: 'sessions', position: 3 },
};
