import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { lazyView, type AdminResource } from '../resource';
import { fullName } from '../common/text';

export const users: AdminResource = {
  name: 'users',
  list: lazyView(() => import('./UserList'), 'UserList'),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
  count: { stat: 'users', position: 1 },
};
