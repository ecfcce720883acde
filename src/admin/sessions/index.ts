import EventIcon from '@mui/icons-material/Event';
import type { RaRecord } from 'react-admin';
import type { AdminResource } from '../resource';
import { SessionList } from './SessionList';

export const sessions: AdminResource = {
  name: 'sessions',
  list: SessionList,
  icon: EventIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
  count: { stat: 'sessions', position: 3 },
};
