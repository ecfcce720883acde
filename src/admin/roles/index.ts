import SecurityIcon from '@mui/icons-material/Security';
import type { RaRecord } from 'react-admin';
import { lazyView, type AdminResource } from '../resource';

export const roles: AdminResource = {
  name: 'roles',
  list: lazyView(() => import('./RoleList'), 'RoleList'),
  icon: SecurityIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
