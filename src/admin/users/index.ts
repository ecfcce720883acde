import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord, ResourceProps } from 'react-admin';
import { fullName } from '../common/text';
import { UserList } from './UserList';

export const users: ResourceProps = {
  name: 'users',
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
};
