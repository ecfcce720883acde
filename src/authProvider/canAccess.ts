/**
 * The one access rule of the app (SPEC §6): react-admin's `{action, resource}` → a permission name
 * of the catalogue; "developer" passes every check.
 */
export interface AccessRequest {
  action: string;
  resource: string;
}

export const DEVELOPER = 'developer';

const VERB_OF_ACTION: Record<string, string> = {
  list: 'read',
  show: 'read',
  read: 'read',
  create: 'create',
  edit: 'update',
  update: 'update',
  delete: 'delete',
};

/** Where the catalogue does not follow `<verb>_<resource>`; `null` means "not gated". */
const SPECIAL: Record<string, Record<string, string | null>> = {
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
export function requiredPermission({ action, resource }: AccessRequest): string | null | undefined {
  const special = SPECIAL[resource];
  if (special && action in special) return special[action];
  const verb = VERB_OF_ACTION[action];
  return verb ? `${verb}_${resource}` : undefined;
}

export function canAccess(permissions: readonly string[] | null | undefined, request: AccessRequest): boolean {
  const held = permissions ?? [];
  if (held.includes(DEVELOPER)) return true;
  // The back-office as a whole: any permission at all (SPEC §6, Admin sidebar item).
  if (request.resource === 'admin') return held.length > 0;
  const needed = requiredPermission(request);
  if (needed === null) return true;
  return needed !== undefined && held.includes(needed);
}

/** True when the user holds `permission` (or "developer"). */
export function hasPermission(permissions: readonly string[] | null | undefined, permission: string): boolean {
  const held = permissions ?? [];
  return held.includes(DEVELOPER) || held.includes(permission);
}
