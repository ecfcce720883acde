import { useQuery } from '@tanstack/react-query';
import { loadPublicConfig } from './publicConfigRequest';

export { loadPublicConfig, resetPublicConfig } from './publicConfigRequest';

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: loadPublicConfig, staleTime: Infinity });
}
