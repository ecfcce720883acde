import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import type { AdminResource } from '../resource';
import { fullName } from '../common/text';
import { UserList } from './UserList';

export const users: AdminResource = {
  name: 'users',
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
  count: { stat: 'users', position: 1 },
};
