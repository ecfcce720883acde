import SchoolIcon from '@mui/icons-material/School';
import type { RaRecord } from 'react-admin';
import type { AdminResource } from '../resource';
import { fullName } from '../common/text';
import { ExpertList } from './ExpertList';

export const experts: AdminResource = {
  name: 'experts',
  list: ExpertList,
  icon: SchoolIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
  count: { stat: 'experts', position: 4 },
};
