import { sessionApi } from '../dataProvider/session';
import type { PublicConfig } from '../../server/src/schemas/contract';

/*
 * The request alone, apart from the usePublicConfig() hook: the login screen and the authProvider
 * need it without the portal's query cache (importing the hook's module would load it with them).
 */

let pending: Promise<PublicConfig> | null = null;

/** GET /api/config once per page load (a failed load is retried on the next call). */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!pending) {
    pending = sessionApi.getPublicConfig().catch((error: unknown) => {
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
