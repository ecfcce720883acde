import { RequireAuth } from './RequireAuth';
import { Layout } from './layout/Layout';

/** The authenticated part of the portal: the session check around the shared layout (a chunk of its own). */
export default function ProtectedLayout() {
  return (
    <RequireAuth>
      <Layout />
    </RequireAuth>
  );
}
