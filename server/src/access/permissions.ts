/**
 * The permission catalogue: every name a role can hold, with the description the role editor
 * shows. Names are part of the product's contract and spelled as the product has always spelled
 * them (`update_lesosns` included). `PermissionName` is their union: `requirePermission`, `can`
 * and the front end's `canAccess`/`hasPermission` accept nothing else.
 */
export const PERMISSIONS = {
  developer: 'Sviluppatore: supera ogni controllo',
  read_experts: 'Visualizzare gli esperti',
  create_experts: 'Creare esperti',
  update_experts: 'Modificare gli esperti',
  delete_experts: 'Eliminare esperti',
  read_roles: 'Visualizzare i ruoli',
  create_roles: 'Creare ruoli',
  edit_roles: 'Modificare i ruoli',
  delete_roles: 'Eliminare ruoli',
  read_teams: 'Visualizzare i team',
  create_teams: 'Creare team',
  update_teams: 'Modificare i team',
  delete_teams: 'Eliminare team',
  read_users: 'Visualizzare gli utenti',
  create_users: 'Creare utenti',
  update_roles: 'Assegnare ruoli e accesso ai videocorsi agli utenti',
  delete_users: 'Eliminare utenti',
  read_sessions: 'Visualizzare le sessioni',
  create_sessions: 'Creare sessioni',
  update_sessions: 'Modificare le sessioni',
  delete_sessions: 'Eliminare sessioni',
  read_courses: 'Visualizzare i videocorsi',
  create_courses: 'Creare videocorsi',
  update_courses: 'Modificare i videocorsi',
  delete_courses: 'Eliminare videocorsi e moduli',
  create_modules: 'Creare moduli',
  create_lessons: 'Creare lezioni',
  update_lesosns: 'Modificare moduli e lezioni',
  read_accessibility_reports: 'Visualizzare le segnalazioni di accessibilità',
  update_accessibility_reports: 'Aggiornare lo stato delle segnalazioni di accessibilità',
  read_audit: 'Visualizzare il registro attività',
  read_reports: 'Visualizzare i report di partecipazione e apprendimento',
  // @new-resource: permissions (npm run new:resource adds a resource's four permissions above this line)
} as const;

export type PermissionName = keyof typeof PERMISSIONS;

/** Whether a name is in the catalogue (its own keys only: `toString` or `__proto__` are not permissions). */
export function isPermissionName(name: string): name is PermissionName {
  return Object.hasOwn(PERMISSIONS, name);
}
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as PermissionName[];
