import { sessionApi } from '../dataProvider/session';
import type { PublicConfig } from '../../server/src/contract';

/*
 * The request alone, apart from the usePublicConfig() hook: the login screen and the authProvider
 * need it without the portal's query cache (importing the hook's module would load it with them).
 */

/** The element a page served by the server carries the configuration in (server/src/infra/page-preloads.ts). */
const ELEMENT_ID = 'percorso-config';

let inline: PublicConfig | null | undefined;

/**
 * The configuration the page came with, read once; undefined when it came without (the Vite dev
 * server, a provider that had not answered yet), and the app then asks GET /api/config.
 */
export function inlinePublicConfig(): PublicConfig | undefined {
  if (inline === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(ELEMENT_ID)?.textContent;
    try {
      inline = text ? (JSON.parse(text) as PublicConfig) : null;
    } catch {
      inline = null;
    }
  }
  return inline ?? undefined;
}

let pending: Promise<PublicConfig> | null = null;

/** The page's own copy, else GET /api/config once per page load (a failed load is retried on the next call). */
export function loadPublicConfig(): Promise<PublicConfig> {
  if (!pending) {
    const known = inlinePublicConfig();
    pending = known
      ? Promise.resolve(known)
      : sessionApi.getPublicConfig().catch((error: unknown) => {
          pending = null;
          throw error;
        });
  }
  return pending;
}

/** Test hook: forget the cached configuration (and read the page's copy again). */
export function resetPublicConfig(): void {
  pending = null;
  inline = undefined;
}
