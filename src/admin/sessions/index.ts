import EventIcon from '@mui/icons-material/Event';
import type { RaRecord, ResourceProps } from 'react-admin';
import { SessionList } from './SessionList';

export const sessions: ResourceProps = {
  name: 'sessions',
  list: SessionList,
  icon: EventIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
