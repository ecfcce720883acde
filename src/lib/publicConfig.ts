import { useQuery } from './query/useQuery';
import { loadPublicConfig } from './publicConfigRequest';

export { loadPublicConfig, resetPublicConfig } from './publicConfigRequest';

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: loadPublicConfig, staleTime: Infinity });
}
