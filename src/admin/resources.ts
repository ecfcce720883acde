import type { ResourceProps } from 'react-admin';
import { courses } from './courses';
import { experts } from './experts';
import { lessons } from './lessons';
import { modules } from './modules';
import { roles } from './roles';
import { sessions } from './sessions';
import { teams } from './teams';
import { users } from './users';

/**
 * The back-office resources, one line each: every folder under src/admin/<resource>/ exports its
 * definition (`{name, list, create, edit, icon, recordRepresentation, ...}`) and is listed here.
 */
export const resources: ResourceProps[] = [
  experts,
  roles,
  sessions,
  teams,
  users,
  courses,
  modules,
  lessons,
];
