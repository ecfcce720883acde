import { useQuery } from '@tanstack/react-query';
import { useAppDataProvider } from '../common/useAppDataProvider';

/** GET /api/permissions: the catalogue the role editor offers (names, not ids, so not a react-admin list). */
export function usePermissionCatalogue() {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: ['permissions', 'catalogue'],
    queryFn: () => dataProvider.getPermissionCatalogue(),
    staleTime: 5 * 60_000,
  });
}
