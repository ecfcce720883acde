import type { PermissionName } from './permissions.js';

/** Who is calling: resolved once per request from the bearer token. */
export interface AuthContext {
  userId: number;
  token: string;
  isExpert: boolean;
  expertAccess: 'complete' | 'limited' | null;
  moocAccess: boolean;
  permissions: ReadonlySet<string>;
}

/** The permission that passes every check. */
export const WILDCARD_PERMISSION: PermissionName = 'developer';

/**
 * The one permission check: whether the caller holds one of the permissions ("developer" passes
 * all). Each resource's own rules (modules/<resource>/access.ts) are built on it.
 */
export function can(auth: AuthContext | null, ...names: PermissionName[]): boolean {
  if (!auth) return false;
  if (auth.permissions.has(WILDCARD_PERMISSION)) return true;
  return names.some((n) => auth.permissions.has(n));
}
