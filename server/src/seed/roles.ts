import { PERMISSION_NAMES, type PermissionName } from '../access/permissions.js';
import { ADMIN_ROLE_KEY } from '../auth/sign-in-repository.js';

export type RoleKey = 'admin' | 'developer' | 'coordinator' | 'content';

export interface RoleSpec {
  name: string;
  description: string;
  permissions: PermissionName[];
  /** The role's fixed marker (roles.system_key), when the server relies on it. */
  systemKey?: string;
}

const COURSE_PERMISSIONS: PermissionName[] = [
  'read_courses',
  'create_courses',
  'update_courses',
  'delete_courses',
  'create_modules',
  'create_lessons',
  'update_lesosns',
];

/** The demo roles, built from the catalogue so a new permission reaches the administrator role. */
export function demoRoles(): Record<RoleKey, RoleSpec> {
  return {
    admin: {
      name: 'Amministratore',
      description: "Gestisce l'intera piattaforma: esperti, ruoli, team, utenti, sessioni e videocorsi.",
      permissions: PERMISSION_NAMES.filter((name) => name !== 'developer'),
      systemKey: ADMIN_ROLE_KEY,
    },
    developer: {
      name: 'Sviluppatore',
      description: 'Accesso tecnico completo: supera ogni controllo dei permessi.',
      permissions: ['developer'],
    },
    coordinator: {
      name: 'Coordinatore programma',
      description: 'Segue i team del programma di incubazione, ne aggiorna i dati e pianifica le sessioni.',
      permissions: [
        // Every read except the audit trail, which stays with the administrators.
        ...PERMISSION_NAMES.filter((name) => name.startsWith('read_') && name !== 'read_audit'),
        'update_teams',
        'create_sessions',
        'update_sessions',
      ],
    },
    content: {
      name: 'Gestore contenuti',
      description: 'Cura i videocorsi: crea e modifica corsi, moduli e lezioni.',
      permissions: COURSE_PERMISSIONS,
    },
  };
}
