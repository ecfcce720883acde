import { HttpError } from '../http/errors.js';
import { WILDCARD_PERMISSION, type AuthContext } from './can.js';

/**
 * The rules of delegated administration, so that no holder of a back-office permission can climb
 * past it: nobody changes their own roles, expert access, course access or team memberships
 * (another administrator does); a role is created, edited or assigned only by someone who holds
 * every permission in it; a role holding "developer" only by a developer. Each refusal is a 403
 * with a message the back-office shows as it is.
 */

/** What each change of one's own access answers. */
export const SELF_CHANGE_MESSAGES = {
  roles: 'Non puoi modificare i tuoi ruoli: chiedilo a un altro amministratore.',
  mooc: 'Non puoi modificare il tuo accesso ai videocorsi: chiedilo a un altro amministratore.',
  expert: 'Non puoi modificare il tuo accesso da esperto: chiedilo a un altro amministratore.',
  team: 'Non puoi modificare la tua appartenenza a un team: chiedilo a un altro amministratore.',
  coordinator: 'Non puoi nominarti o toglierti coordinatore di un team: chiedilo a un altro amministratore.',
} as const;

export const DEVELOPER_ROLE_MESSAGE =
  'Solo uno sviluppatore può creare, modificare, rinominare o assegnare un ruolo con il permesso developer.';

/** What a role rule refused for: creating it, editing its permissions, giving or taking it. */
const LACKING_MESSAGES = {
  create: 'Puoi creare solo ruoli di cui possiedi tutti i permessi',
  edit: 'Puoi modificare i permessi solo di un ruolo di cui possiedi tutti i permessi',
  assign: 'Puoi assegnare o togliere solo ruoli di cui possiedi tutti i permessi',
} as const;

/** Throws 403 when `userId` is the caller's own account. */
export function refuseSelfChange(auth: AuthContext, userId: number, what: keyof typeof SELF_CHANGE_MESSAGES): void {
  if (userId === auth.userId) throw new HttpError(403, SELF_CHANGE_MESSAGES[what]);
}

/** Which of `permissions` the caller does not hold, sorted ("developer" holds them all). */
export function permissionsLacking(auth: AuthContext, permissions: Iterable<string>): string[] {
  if (auth.permissions.has(WILDCARD_PERMISSION)) return [];
  return [...new Set(permissions)].filter((name) => !auth.permissions.has(name)).sort();
}

/**
 * Throws 403 unless the caller holds every permission in `permissions` (the union of a role's
 * permissions before and after the change, or of the roles given or taken away); "developer"
 * among them needs a developer and says so.
 */
export function requireEveryPermission(
  auth: AuthContext,
  permissions: Iterable<string>,
  action: keyof typeof LACKING_MESSAGES,
): void {
  const lacking = permissionsLacking(auth, permissions);
  if (!lacking.length) return;
  if (lacking.includes(WILDCARD_PERMISSION)) throw new HttpError(403, DEVELOPER_ROLE_MESSAGE);
  throw new HttpError(403, `${LACKING_MESSAGES[action]}. Ti mancano: ${lacking.join(', ')}.`);
}

/** Throws 403 when the role holds "developer" and the caller is not a developer. */
export function requireDeveloperFor(auth: AuthContext, rolePermissions: Iterable<string>): void {
  if (auth.permissions.has(WILDCARD_PERMISSION)) return;
  if ([...rolePermissions].includes(WILDCARD_PERMISSION)) throw new HttpError(403, DEVELOPER_ROLE_MESSAGE);
}
