import {{Icon}}Icon from '@mui/icons-material/{{Icon}}';
import type { RaRecord } from 'react-admin';
import { lazyView, type AdminResource } from '../resource';

/** {{labelPlural}}: the back-office section at /admin/{{name}} (list, search, create, edit, delete). */
export const {{camel}}: AdminResource = {
  name: '{{name}}',
  list: lazyView(() => import('./{{Singular}}List'), '{{Singular}}List'),
  icon: {{Icon}}Icon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
