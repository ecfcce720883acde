import GroupsIcon from '@mui/icons-material/Groups';
import type { RaRecord } from 'react-admin';
import type { AdminResource } from '../resource';
import { TeamList } from './TeamList';

export const teams: AdminResource = {
  name: 'teams',
  list: TeamList,
  icon: GroupsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
  count: { stat: 'teams', position: 2 },
};
