import { useQuery } from '@tanstack/react-query';
import { PORTAL_KEY, queryClient } from '../queryClient';
import { inlinePublicConfig, loadPublicConfig } from './publicConfigRequest';

export { resetPublicConfig } from './publicConfigRequest';

/** The public configuration: the page's own copy when it came with one (no request), else GET /api/config once. */
export function usePublicConfig() {
  const inline = inlinePublicConfig();
  const query = useQuery(
    { queryKey: [...PORTAL_KEY, 'public-config'], queryFn: loadPublicConfig, staleTime: Infinity, enabled: !inline },
    queryClient,
  );
  return inline ? { ...query, data: inline, error: null, isPending: false, isError: false, isSuccess: true } : query;
}
