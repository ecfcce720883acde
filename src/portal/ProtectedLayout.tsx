import { addMessages } from '../i18n';
import { portalShellMessages } from '../i18n/portalShell';
import { SharedAdminContext } from '../routing/SharedAdminContext';
import { RequireAuth } from './RequireAuth';
import { Layout } from './layout/Layout';

addMessages(portalShellMessages);

/**
 * The authenticated part of the portal (a chunk of its own): react-admin's shared context, the
 * session check, and the shared layout.
 */
export default function ProtectedLayout() {
  return (
    <SharedAdminContext>
      <RequireAuth>
        <Layout />
      </RequireAuth>
    </SharedAdminContext>
  );
}
