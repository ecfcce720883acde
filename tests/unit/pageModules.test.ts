import { describe, expect, it } from 'vitest';
import { PORTAL_PAGE_MODULES, type PortalPagePath } from '../../src/portal/pageModules';
import { portalRoutes } from '../../src/portal/routes';

/*
 * src/portal/pageModules.ts is what the server reads to name a page's files in its HTML: it must
 * be exactly the route table's pages, each route loading the module the table names.
 */

/** Every module under src/portal, by path, to compare with what a route loads. */
const portalModules = import.meta.glob<{ default: unknown }>('../../src/portal/**/*.tsx');

describe('the portal page table', () => {
  const paths = Object.keys(PORTAL_PAGE_MODULES) as PortalPagePath[];

  it('has one route per page, in the same order', () => {
    expect(portalRoutes.map((route) => route.path)).toEqual(paths);
  });

  it.each(paths)('%s loads the module the table names', async (path) => {
    const route = portalRoutes.find((candidate) => candidate.path === path)!;
    const loaded = (await route.load()) as { default: unknown };
    const named = portalModules[`../../src/portal/${PORTAL_PAGE_MODULES[path]}`];
    expect(named, `src/portal/${PORTAL_PAGE_MODULES[path]} exists`).toBeDefined();
    expect(typeof loaded.default).toBe('function');
    expect(loaded.default).toBe((await named!()).default);
  });
});
