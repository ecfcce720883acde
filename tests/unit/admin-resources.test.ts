import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n';
import { isValidElement, type ReactElement } from 'react';
import { dashboardCounts, isPage, menuEntries, type AdminSection, type LazyView } from '../../src/admin/resource';
import { resources } from '../../src/admin/resources';

const ADMIN = join(__dirname, '../../src/admin');

/** Every folder of src/admin with an index.ts(x): a back-office section. */
const folders = readdirSync(ADMIN, { withFileTypes: true })
  .filter(
    (entry) =>
      entry.isDirectory() && ['index.ts', 'index.tsx'].some((file) => existsSync(join(ADMIN, entry.name, file))),
  )
  .map((entry) => entry.name)
  .sort();

const indexModules = import.meta.glob<Record<string, unknown>>('../../src/admin/*/index.{ts,tsx}', { eager: true });
const messageModules = import.meta.glob<{ messages?: { name?: unknown } }>('../../src/admin/*/messages.ts', {
  eager: true,
});
const moduleOf = (folder: string) =>
  indexModules[`../../src/admin/${folder}/index.ts`] ?? indexModules[`../../src/admin/${folder}/index.tsx`];

describe('back-office sections (src/admin/resources.ts)', () => {
  it('finds the section folders', () => {
    expect(folders).toEqual(expect.arrayContaining(['courses', 'experts', 'teams', 'users']));
  });

  it.each(folders)('%s is wired in: its index exports its definition, listed in resources.ts', (folder) => {
    const definitions = Object.values(moduleOf(folder) ?? {}).filter(
      (value): value is AdminSection =>
        typeof value === 'object' && value !== null && (value as AdminSection).name === folder,
    );
    expect(definitions, `src/admin/${folder}/index.ts(x) must export a definition named '${folder}'`).toHaveLength(1);
    expect(resources, `add ${folder} to src/admin/resources.ts`).toContain(definitions[0]);
  });

  it.each(folders)('%s has its texts in messages.ts, with a name', (folder) => {
    const messages = messageModules[`../../src/admin/${folder}/messages.ts`]?.messages;
    expect(typeof messages?.name, `src/admin/${folder}/messages.ts must export messages = { name: '…' }`).toBe(
      'string',
    );
    expect(i18nProvider.translate(`resources.${folder}.name`, { smart_count: 2 })).toBe(
      String(messages?.name).split('||||').pop()!.trim(),
    );
  });

  it('lists every section once, each from its own folder', () => {
    const names = resources.map((section) => section.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  it('builds the menu in list order, with icons, gated by each section', () => {
    const entries = menuEntries(resources);
    // The CRUD sections first, in this order; sections added later follow them.
    expect(entries.slice(0, 6).map((entry) => [entry.to, entry.access])).toEqual([
      ['/admin/experts', { action: 'list', resource: 'experts' }],
      ['/admin/roles', { action: 'list', resource: 'roles' }],
      ['/admin/sessions', { action: 'list', resource: 'sessions' }],
      ['/admin/teams', { action: 'list', resource: 'teams' }],
      ['/admin/users', { action: 'list', resource: 'users' }],
      ['/admin/courses', { action: 'list', resource: 'courses' }],
    ]);
    for (const entry of entries) {
      const section = resources.find((candidate) => candidate.name === entry.name)!;
      expect(entry.to).toBe(`/admin/${section.name}`);
      expect(entry.access).toEqual(isPage(section) ? section.access : { action: 'list', resource: section.name });
      expect(['object', 'function']).toContain(typeof entry.icon);
    }
    // Modules and lessons live under courses: no menu item of their own.
    expect(entries.map((entry) => entry.name)).not.toContain('modules');
    expect(entries.map((entry) => entry.name)).not.toContain('lessons');
  });

  it('shows a custom page in the menu with its own access', () => {
    const Page = () => null;
    const page: AdminSection = {
      name: 'reports',
      page: Page,
      icon: Page,
      access: { action: 'read', resource: 'reports' },
    };
    expect(isPage(page)).toBe(true);
    expect(menuEntries([page])).toEqual([
      { name: 'reports', to: '/admin/reports', icon: Page, access: { action: 'read', resource: 'reports' } },
    ]);
  });

  it('orders the dashboard counts by position', () => {
    expect(dashboardCounts(resources).map((count) => count.stat)).toEqual(['users', 'teams', 'sessions', 'experts']);
  });

  it('loads every view of every section lazily, each from a module that exports it', async () => {
    const views = resources.flatMap((section) => {
      const children = isPage(section) ? [] : [section.children].flat();
      const routeViews = children
        .filter(isValidElement)
        .map((route) => (route as ReactElement<{ element: ReactElement }>).props.element.type);
      return [isPage(section) ? section.page : section.list, ...routeViews].filter((view) => view !== undefined);
    });
    expect(views.length).toBeGreaterThanOrEqual(resources.length);
    // Made by lazyView: the view's code is not part of the back-office's first chunk, and the
    // view rendered is a stand-in that loads it (retried after a failure), not the view itself.
    for (const view of views) expect(typeof (view as Partial<LazyView>).preload).toBe('function');
    const loaded = await Promise.all(views.map((view) => (view as LazyView).preload()));
    loaded.forEach((component, index) => {
      expect(typeof component).toBe('function');
      expect(component).not.toBe(views[index]);
    });
    // Importing every view's module (react-admin's inputs, lists…) takes a while on a cold transform.
  }, 60_000);
});
