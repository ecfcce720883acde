import SecurityIcon from '@mui/icons-material/Security';
import type { RaRecord, ResourceProps } from 'react-admin';
import { RoleList } from './RoleList';

export const roles: ResourceProps = {
  name: 'roles',
  list: RoleList,
  icon: SecurityIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
