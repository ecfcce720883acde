import type { PermissionName } from '../../server/src/contract';

/**
 * The one access rule of the app: react-admin's `{action, resource}` → a permission name of the
 * server's catalogue (server/src/access/permissions.ts); "developer" passes every check.
 */
export interface AccessRequest {
  action: string;
  resource: string;
}

export const DEVELOPER: PermissionName = 'developer';

type Verb = 'read' | 'create' | 'update' | 'delete';

const VERB_OF_ACTION: Record<string, Verb> = {
  list: 'read',
  show: 'read',
  read: 'read',
  create: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/** Where the catalogue does not follow `<verb>_<resource>`; `null` means "not gated". */
const SPECIAL: Record<string, Record<string, PermissionName | null>> = {
  roles: { edit: 'edit_roles', update: 'edit_roles' },
  users: { edit: 'update_roles', update: 'update_roles' },
  modules: {
    list: 'read_courses',
    show: 'read_courses',
    read: 'read_courses',
    create: 'create_modules',
    edit: 'update_lesosns',
    update: 'update_lesosns',
    delete: 'delete_courses',
  },
  accessibility: {
    list: 'read_accessibility_reports',
    show: 'read_accessibility_reports',
    read: 'read_accessibility_reports',
    edit: 'update_accessibility_reports',
    update: 'update_accessibility_reports',
  },
  // Read by who may delete users: they carry the requests out.
  erasure_requests: { list: 'delete_users', show: 'delete_users', read: 'delete_users' },
  lessons: {
    list: 'read_courses',
    show: 'read_courses',
    read: 'read_courses',
    create: 'create_lessons',
    edit: null,
    update: null,
    delete: null,
  },
};

/** The permission a request needs, `null` when not gated, `undefined` when unknown (denied). */
export function requiredPermission({ action, resource }: AccessRequest): PermissionName | null | undefined {
  const special = SPECIAL[resource];
  if (special && action in special) return special[action];
  const verb = VERB_OF_ACTION[action];
  // The catalogue's usual spelling. A resource the catalogue has no such name for yields a name
  // nobody holds, so the check denies, as for an unknown action.
  return verb ? (`${verb}_${resource}` as PermissionName) : undefined;
}

export function canAccess(permissions: readonly string[] | null | undefined, request: AccessRequest): boolean {
  const held = permissions ?? [];
  if (held.includes(DEVELOPER)) return true;
  // The back-office as a whole (the Admin item of the sidebar): any permission at all.
  if (request.resource === 'admin') return held.length > 0;
  const needed = requiredPermission(request);
  if (needed === null) return true;
  return needed !== undefined && held.includes(needed);
}

/** True when the user holds `permission` (or "developer"). */
export function hasPermission(permissions: readonly string[] | null | undefined, permission: PermissionName): boolean {
  const held = permissions ?? [];
  return held.includes(DEVELOPER) || held.includes(permission);
}
