import { lazy } from 'react';
import { probeIdentity } from '../routing/sessionProbe';

/*
 * The back-office behind one more dynamic import: the list of files AdminApp needs (which the
 * bundler writes next to the import that loads it) then lives in this small chunk, not in the
 * entry every visitor downloads. src/startPage.ts starts this chunk early for a page under /admin.
 */
export const loadAdminApp = () => import('./AdminApp');
// Who is signed in (GET /api/user, for the bar's user menu and the dashboard's greeting) is asked
// while AdminApp downloads; AdminApp's query cache takes the answer (seedProbedIdentity).
probeIdentity()?.catch(() => undefined);
const AdminApp = lazy(loadAdminApp);

export default function AdminEntry() {
  return <AdminApp />;
}
