import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import { retryableLazy } from '../components/retryableLazy';
import { reloadableImport } from '../components/reloadableImport';
import type { AdminStats } from '../../server/src/contract';
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

/** A section's view whose code loads the first time it is shown (or preloaded). */
export type LazyView = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * A section's view (list, page, child route) as a chunk of its own: the back-office's first screen
 * then downloads only the layout, the menu and the dashboard. react-admin's layout shows its loader
 * while the chunk arrives (its <Suspense>). `name` is the view's export in the module `load` imports.
 * A chunk that fails to download is asked again by the layout's "Riprova" (see AdminScreenError).
 */
export function lazyView<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): LazyView {
  let loading: Promise<ComponentType> | undefined;
  const importView = reloadableImport(load);
  const preload = () => {
    // A failed download is asked again next time rather than remembered.
    loading ??= importView().then(
      (module) => module[name],
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const View: ComponentType = retryableLazy(async () => ({ default: await preload() }));
  return Object.assign(View, { preload });
}

function isLazyView(view: unknown): view is LazyView {
  return typeof (view as Partial<LazyView> | undefined)?.preload === 'function';
}

/**
 * Starts downloading the view a back-office path opens (/admin/teams → the teams list, /admin/reports
 * → the reports page), so that it arrives with the back-office's code rather than after its first render.
 */
export function preloadSectionView(sections: readonly AdminSection[], pathname: string): void {
  const [name, ...rest] = pathname
    .replace(/^\/admin\/?/, '')
    .split('/')
    .filter(Boolean);
  const section = sections.find((candidate) => candidate.name === name);
  if (!section) return;
  // A resource's deeper paths are other views (a course's modules): only its list is known here.
  const view = isPage(section) ? section.page : rest.length === 0 ? section.list : undefined;
  if (isLazyView(view)) view.preload().catch(() => undefined);
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
