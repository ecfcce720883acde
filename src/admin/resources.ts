import { accessibility } from './accessibility';
import { audit } from './audit';
import { courses } from './courses';
import { erasure_requests } from './erasure_requests';
import { experts } from './experts';
import { lessons } from './lessons';
import { modules } from './modules';
import { reports } from './reports';
import type { AdminSection } from './resource';
import { roles } from './roles';
import { sessions } from './sessions';
import { teams } from './teams';
import { users } from './users';
// @new-resource: imports (npm run new:resource adds a section's import above this line)

/**
 * The back-office, one line per section, in menu order. Each folder src/admin/<name>/ exports its
 * definition from index.ts — a CRUD resource (`{name, list, icon, count?, ...}`) or a custom
 * page (`{name, page, icon, access}`), see resource.ts — and keeps its texts in messages.ts.
 * The routes, the menu and the dashboard counts all come from this list
 * (tests/unit/admin-resources.test.ts fails when a folder is left out).
 */
export const resources: AdminSection[] = [
  experts,
  roles,
  sessions,
  teams,
  users,
  courses,
  modules,
  lessons,
  accessibility,
  reports,
  audit,
  erasure_requests,
  // @new-resource: sections (npm run new:resource adds a section above this line)
];
