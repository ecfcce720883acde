import { useQuery } from '@tanstack/react-query';
import { dataProvider } from '../dataProvider';
import type { PublicConfig } from '../types';

let pending: Promise<PublicConfig> | null = null;

/** GET /api/config once per page load (a failed load is retried on the next call). */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = dataProvider.getPublicConfig().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

/** Test hook: forget the cached configuration. */
export function resetPublicConfig(): void {
  pending = null;
}

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: loadPublicConfig, staleTime: Infinity });
}
