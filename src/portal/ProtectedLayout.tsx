import { useState } from 'react';
import { I18nContext } from 'ra-core';
import { addMessages, i18nProvider } from '../i18n';
import { portalShellMessages } from '../i18n/portalShell';
import { seedProbedIdentity } from '../authProvider/useSession';
import { RequireAuth } from './RequireAuth';
import { Layout } from './layout/Layout';

addMessages(portalShellMessages);

/**
 * The authenticated part of the portal (a chunk of its own): the texts (ra-core's translate, which
 * the portal shares with the back-office), the session check and the shared layout. The pages read
 * the API with TanStack Query's useQuery on the app's one client (src/queryClient.ts), not with
 * react-admin's data hooks: the rest of ra-core loads with the back-office only.
 */
export default function ProtectedLayout() {
  useState(seedProbedIdentity);
  return (
    <I18nContext.Provider value={i18nProvider}>
      <RequireAuth>
        <Layout />
      </RequireAuth>
    </I18nContext.Provider>
  );
}
