import { useState } from 'react';
import { Route } from 'react-router';
import { Admin, CanAccess, CustomRoutes, Resource } from 'react-admin';
import { addMessages } from '../i18n';
import { portalMessages } from '../i18n/portal';
import { adminContextProps, onBackOfficeOpen, seedProbedIdentity } from '../providers';
import { themeOptions } from '../theme';
import { AdminDashboard } from './AdminDashboard';
import { backOfficeMessages } from './backOfficeMessages';
import { prefetchDashboard } from './dashboardData';
import { AccessDenied } from './common/AccessDenied';
import { NotFoundPage } from './common/NotFoundPage';
import { guardedViews } from './common/guardedViews';
import { AdminLayout } from './layout/AdminLayout';
import { isPage, preloadSectionView } from './resource';
import { resources } from './resources';

addMessages(portalMessages);
addMessages(backOfficeMessages);
preloadSectionView(resources, window.location.pathname);
seedProbedIdentity();
prefetchDashboard(window.location.pathname, adminContextProps);

/** react-admin's loading page, under the back-office's shell: nothing. */
const NoLoadingPage = () => null;

/**
 * The back-office: react-admin under /admin of the app's one BrowserRouter, with the same
 * dataProvider, authProvider and i18nProvider as the portal, and its own cache. Every section of
 * src/admin/resources.ts becomes a <Resource> (each view shown only to whom it lets in), or a custom
 * route likewise.
 */
export default function AdminApp() {
  useState(onBackOfficeOpen);
  return (
    <Admin
      {...adminContextProps}
      basename="/admin"
      // What the bar shows on a page without a title of its own (react-admin's not-found page).
      title={adminContextProps.i18nProvider.translate('app.name')}
      // react-admin makes the theme from these options (see src/theme.ts).
      theme={themeOptions}
      layout={AdminLayout}
      dashboard={AdminDashboard}
      accessDenied={AccessDenied}
      // While the session is checked, the shell AdminEntry keeps on top stands in (src/admin/layout/AdminShell.tsx).
      loading={NoLoadingPage}
      catchAll={NotFoundPage}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      {resources.map((section) =>
        isPage(section) ? null : <Resource key={section.name} {...section} {...guardedViews(section)} />,
      )}
      <CustomRoutes>
        {resources.filter(isPage).map(({ name, page: Page, access }) => (
          <Route
            key={name}
            path={`/${name}/*`}
            element={
              <CanAccess {...access} accessDenied={<AccessDenied />}>
                <Page />
              </CanAccess>
            }
          />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
