import SchoolIcon from '@mui/icons-material/School';
import type { RaRecord, ResourceProps } from 'react-admin';
import { fullName } from '../common/text';
import { ExpertList } from './ExpertList';

export const experts: ResourceProps = {
  name: 'experts',
  list: ExpertList,
  icon: SchoolIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
};
