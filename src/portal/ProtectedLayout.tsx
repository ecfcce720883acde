import { addMessages } from '../i18n';
import { portalMessages } from '../i18n/portal';
import { SharedAdminContext } from '../routing/SharedAdminContext';
import { RequireAuth } from './RequireAuth';
import { Layout } from './layout/Layout';

addMessages(portalMessages);

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
