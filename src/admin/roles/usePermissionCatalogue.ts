import { useQuery } from '@tanstack/react-query';
import type { PermissionResource } from '../../../server/src/schemas/contract';
import { unwrapData } from '../../dataProvider/http';
import { useAppDataProvider } from '../../dataProvider/useAppDataProvider';

/** GET /api/permissions: the catalogue the role editor offers (names, not ids, so not a react-admin list). */
export function usePermissionCatalogue() {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['permissions', 'catalogue'],
    queryFn: async () => unwrapData<PermissionResource[]>(await dataProvider.request('GET', 'permissions')) ?? [],
    staleTime: 5 * 60_000,
  });
}
