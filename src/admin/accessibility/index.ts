import AccessibilityNewIcon from '@mui/icons-material/AccessibilityNew';
import type { RaRecord } from 'react-admin';
import { lazyView, type AdminResource } from '../resource';

export const accessibility: AdminResource = {
  // AccessibilityReportList's RESOURCE.
  name: 'accessibility',
  list: lazyView(() => import('./AccessibilityReportList'), 'AccessibilityReportList'),
  icon: AccessibilityNewIcon,
  recordRepresentation: (record: RaRecord) => String(record.reporter_name ?? record.id),
};
