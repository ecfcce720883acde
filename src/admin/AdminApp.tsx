import { Admin, Resource } from 'react-admin';
import { adminContextProps } from '../providers';
import { theme } from '../theme';
import { AdminDashboard } from './AdminDashboard';
import { AccessDenied } from './common/AccessDenied';
import { AdminLayout } from './layout/AdminLayout';
import { resources } from './resources';

/**
 * The back-office: react-admin under /admin of the app's one BrowserRouter, with the very same
 * dataProvider, authProvider, i18nProvider, store and QueryClient as the portal.
 */
export default function AdminApp() {
  return (
    <Admin
      {...adminContextProps}
      basename="/admin"
      theme={theme}
      layout={AdminLayout}
      dashboard={AdminDashboard}
      accessDenied={AccessDenied}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {resources.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
    </Admin>
  );
}
