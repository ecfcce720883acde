import HistoryIcon from '@mui/icons-material/History';
import { lazyView, type AdminResource } from '../resource';

/** "Registro attività": who changed what (read_audit). */
export const audit: AdminResource = {
  name: 'audit',
  list: lazyView(() => import('./AuditLogList'), 'AuditLogList'),
  icon: HistoryIcon,
};
