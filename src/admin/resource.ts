import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { AdminStats } from '../../server/src/schemas/contract';
import type { AccessRequest } from '../authProvider/canAccess';

/** A count of the back-office dashboard: a field of GET /api/stats, shown at `position` (1 first). */
export interface DashboardCount {
  stat: keyof AdminStats;
  position: number;
}

/**
 * A CRUD resource: react-admin's <Resource> props, plus where it shows in the shell. Its name is
 * its folder's name (src/admin/<name>/) and its URL (/admin/<name>); its texts are
 * `resources.<name>.*`, from src/admin/<name>/messages.ts.
 */
export interface AdminResource extends ResourceProps {
  /** In the menu (in list order, labelled `resources.<name>.name`) to callers who may list it. Default: it has a list page. */
  menu?: boolean;
  count?: DashboardCount;
}

/**
 * A page that is not a CRUD resource (a report, a log): a custom route at /admin/<name>/*, shown in
 * the menu and rendered only to callers `access` lets in. Texts as for a resource.
 */
export interface AdminPage {
  name: string;
  page: ComponentType;
  icon: ComponentType;
  access: AccessRequest;
  count?: DashboardCount;
}

/** One entry of src/admin/resources.ts. */
export type AdminSection = AdminResource | AdminPage;

export function isPage(section: AdminSection): section is AdminPage {
  return 'page' in section;
}

export interface MenuEntry {
  name: string;
  to: string;
  icon: ComponentType;
  access: AccessRequest;
}

/** The menu items of the sections, in list order. */
export function menuEntries(sections: readonly AdminSection[]): MenuEntry[] {
  return sections.flatMap((section): MenuEntry[] => {
    const to = `/admin/${section.name}`;
    if (isPage(section)) return [{ name: section.name, to, icon: section.icon, access: section.access }];
    const shown = section.menu ?? section.list !== undefined;
    if (!shown || !section.icon) return [];
    return [{ name: section.name, to, icon: section.icon, access: { action: 'list', resource: section.name } }];
  });
}

/** The dashboard counts of the sections, by position. */
export function dashboardCounts(sections: readonly AdminSection[]): Array<DashboardCount & { name: string }> {
  return sections
    .flatMap((section) => (section.count ? [{ ...section.count, name: section.name }] : []))
    .sort((a, b) => a.position - b.position);
}
