import type { ComponentType } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import GroupsIcon from '@mui/icons-material/Groups';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import SecurityIcon from '@mui/icons-material/Security';

export interface AdminMenuItem {
  to: string;
  /** Translation key and its options. */
  label: string;
  labelOptions?: Record<string, unknown>;
  icon: ComponentType;
  /** The access that shows the item (SPEC §2: read_* of each page); none = always shown. */
  access?: { action: string; resource: string };
}

/** The back-office navigation of SPEC §2, in order. */
export const ADMIN_MENU_ITEMS: AdminMenuItem[] = [
  { to: '/admin', label: 'app.admin.dashboard.title', icon: DashboardIcon },
  { to: '/admin/experts', label: 'resources.experts.name', labelOptions: { smart_count: 2 }, icon: SchoolIcon, access: { action: 'list', resource: 'experts' } },
  { to: '/admin/roles', label: 'resources.roles.name', labelOptions: { smart_count: 2 }, icon: SecurityIcon, access: { action: 'list', resource: 'roles' } },
  { to: '/admin/sessions', label: 'resources.sessions.name', labelOptions: { smart_count: 2 }, icon: EventIcon, access: { action: 'list', resource: 'sessions' } },
  { to: '/admin/teams', label: 'resources.teams.name', labelOptions: { smart_count: 2 }, icon: GroupsIcon, access: { action: 'list', resource: 'teams' } },
  { to: '/admin/users', label: 'resources.users.name', labelOptions: { smart_count: 2 }, icon: PeopleIcon, access: { action: 'list', resource: 'users' } },
  { to: '/admin/courses', label: 'resources.courses.name', labelOptions: { smart_count: 2 }, icon: OndemandVideoIcon, access: { action: 'list', resource: 'courses' } },
];

export const BACK_ITEM: AdminMenuItem = { to: '/dashboard', label: 'app.admin.back', icon: ArrowBackIcon };
