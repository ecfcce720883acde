import HistoryIcon from '@mui/icons-material/History';
import type { AdminResource } from '../resource';
import { AuditLogList } from './AuditLogList';

/** "Registro attività": who changed what (read_audit). */
export const audit: AdminResource = {
  name: 'audit',
  list: AuditLogList,
  icon: HistoryIcon,
};
