import AccessibilityNewIcon from '@mui/icons-material/AccessibilityNew';
import type { RaRecord } from 'react-admin';
import type { AdminResource } from '../resource';
import { AccessibilityReportList, RESOURCE } from './AccessibilityReportList';

export const accessibility: AdminResource = {
  name: RESOURCE,
  list: AccessibilityReportList,
  icon: AccessibilityNewIcon,
  recordRepresentation: (record: RaRecord) => String(record.reporter_name ?? record.id),
};
