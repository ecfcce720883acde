import SchoolIcon from '@mui/icons-material/School';
import type { RaRecord } from 'react-admin';
import { lazyView, type AdminResource } from '../resource';
import { fullName } from '../common/text';

export const experts: AdminResource = {
  name: 'experts',
  list: lazyView(() => import('./ExpertList'), 'ExpertList'),
  icon: SchoolIcon,
  recordRepresentation: (record: RaRecord) => fullName(record),
  count: { stat: 'experts', position: 4 },
};
