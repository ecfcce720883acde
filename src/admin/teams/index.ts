import GroupsIcon from '@mui/icons-material/Groups';
import type { RaRecord, ResourceProps } from 'react-admin';
import { TeamList } from './TeamList';

export const teams: ResourceProps = {
  name: 'teams',
  list: TeamList,
  icon: GroupsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
