import SecurityIcon from '@mui/icons-material/Security';
import type { RaRecord } from 'react-admin';
import type { AdminResource } from '../resource';
import { RoleList } from './RoleList';

export const roles: AdminResource = {
  name: 'roles',
  list: RoleList,
  icon: SecurityIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
