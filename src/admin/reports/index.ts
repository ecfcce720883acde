import AssessmentIcon from '@mui/icons-material/Assessment';
import { lazyView, type AdminPage } from '../resource';

export const reports: AdminPage = {
  name: 'reports',
  page: lazyView(() => import('./ReportsPage'), 'ReportsPage'),
  icon: AssessmentIcon,
  access: { action: 'read', resource: 'reports' },
};
