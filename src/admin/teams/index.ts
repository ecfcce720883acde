import GroupsIcon from '@mui/icons-material/Groups';
import type { RaRecord } from 'react-admin';
import { lazyView, type AdminResource } from '../resource';

export const teams: AdminResource = {
  name: 'teams',
  list: lazyView(() => import('./TeamList'), 'TeamList'),
  icon: GroupsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
  count: { stat: 'teams', position: 2 },
};
