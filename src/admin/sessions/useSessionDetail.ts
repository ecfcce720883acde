import { useGetOne, type Identifier } from 'react-admin';
import type { SessionResource } from '../../../server/src/contract';

/** GET /api/sessions/{id} while a session modal is open: fresh experts, teams and attendances. */
export function useSessionDetail(id: Identifier, open: boolean) {
  return useGetOne<SessionResource>('sessions', { id: Number(id) }, { enabled: open, refetchOnMount: 'always' });
}
