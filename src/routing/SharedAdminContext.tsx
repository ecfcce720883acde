import { useContext, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  AdminRouter,
  AuthContext,
  DataProviderContext,
  I18nContext,
  NotificationContextProvider,
  StoreContextProvider,
  UndoableMutationsContextProvider,
} from 'ra-core';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n';
import { queryClient, store } from '../providers';
import { seedProbedIdentity } from './sessionProbe';

/**
 * react-admin's context for the authenticated portal pages, with the module-level instances of
 * src/providers.ts (the back-office's <Admin> gets the very same ones, so the cache is shared).
 * The login and callback screens render outside it: ra-core and react-query load with the first
 * authenticated page. Inside an existing context (tests render in their own) it adds nothing.
 *
 * It is CoreAdminContext's provider stack minus what only the back-office uses — the resource
 * registry and the preferences editor — and with the one Italian i18nProvider given directly
 * rather than through I18nContextProvider's locale watch (there is no other locale): those pieces
 * bring lodash's deep equality along, which the portal's hooks do not need.
 */
export function SharedAdminContext({ children }: { children: ReactNode }) {
  const outer = useContext(DataProviderContext);
  useState(() => {
    if (!outer) seedProbedIdentity(queryClient);
  });
  if (outer) return <>{children}</>;
  return (
    <AuthContext.Provider value={authProvider}>
      <DataProviderContext.Provider value={dataProvider}>
        <StoreContextProvider value={store}>
          <QueryClientProvider client={queryClient}>
            <AdminRouter basename="">
              <I18nContext.Provider value={i18nProvider}>
                <NotificationContextProvider>
                  <UndoableMutationsContextProvider>{children}</UndoableMutationsContextProvider>
                </NotificationContextProvider>
              </I18nContext.Provider>
            </AdminRouter>
          </QueryClientProvider>
        </StoreContextProvider>
      </DataProviderContext.Provider>
    </AuthContext.Provider>
  );
}
