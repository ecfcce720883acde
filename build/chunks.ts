import type { CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';
import { fromRoot, installed } from './paths';

const PORTAL_SHELL = fromRoot('src/portal/ProtectedLayout.tsx');
/** How the portal's pages reach the API (the app's dataProvider): the pages that read load it, the layout does not. */
const PORTAL_DATA = fromRoot('src/portal/portalData.ts');
/** The build's entry: Vite makes index.html a module that imports its script, src/main.tsx. */
export const HTML_ENTRY = fromRoot('index.html');
/** What the entry imports dynamically, one after the other, before the first render (src/main.tsx). */
export const REACT_DOM_CLIENT = installed('react-dom/client.js');
export const RENDER_APP = fromRoot('src/renderApp.tsx');
/** React's DOM renderer and its scheduler (CommonJS packages only react-dom/client needs). */
const REACT_DOM_PACKAGES = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
/**
 * The entry and the two modules it imports dynamically stay small chunks of their own beside the
 * groups below: the build manifest then names them, and the server finds there the files every
 * page starts with (the server's page preloads).
 */
const OWN_CHUNK = new Set([HTML_ENTRY, fromRoot('src/main.tsx'), REACT_DOM_CLIENT, RENDER_APP]);
/**
 * The lazily loaded screens that render outside the portal's layout: what they share with it (MUI's
 * Paper and Link, the accessibility footer's path, the report form's error texts) must not sit in
 * the `portal` chunk, or opening them downloads the whole shell (ra-core, react-query, the layout).
 */
const OUTSIDE_THE_SHELL = [
  'src/portal/CallbackPage.tsx',
  'src/portal/accessibility/AccessibilityStatementPage.tsx',
  'src/portal/accessibility/VisitorReportPage.tsx',
].map(fromRoot);

/**
 * Chunks: what every screen needs before its first render in one chunk each, rather than the dozens
 * of small shared chunks automatic splitting makes (each compressed on its own, so all the larger):
 * - `app`: everything the entry imports statically (React, the router, the session, the route data);
 * - `react-dom`: React's DOM renderer, which the entry imports next;
 * - `app-render`: what src/renderApp.tsx adds, imported last (MUI's core, the theme, the login screen);
 * - `portal`: what every authenticated portal page adds (src/portal/ProtectedLayout.tsx and all it
 *   imports statically: ra-core's hooks, react-query, the layout) — found in the module graph —
 *   except what the screens of OUTSIDE_THE_SHELL use too:
 * - `shell-shared`: that part, which those screens and the shell load;
 * - `portal-data`: src/portal/portalData.ts and the dataProvider, in one chunk rather than two: the
 *   pages that read import them statically, the report form when it sends.
 * The pages, the back-office and what only they use stay split automatically.
 */
export function chunkGroups(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const portalShell = new Set<string>();
  const sharedWithShell = new Set<string>();
  const entryFirst = new Set<string>();
  const portalData = new Set<string>();
  const plugin: Plugin = {
    name: 'percorso:portal-shell-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (start: string, into: Set<string>) => {
        const pending = [start];
        while (pending.length) {
          const id = pending.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      // What the entry imports statically (a little more: everything its modules name, used or not).
      const initial = new Set<string>();
      closure(HTML_ENTRY, initial);
      entryFirst.clear();
      for (const id of initial) entryFirst.add(id);
      closure(REACT_DOM_CLIENT, initial);
      closure(RENDER_APP, initial);
      const outside = new Set<string>();
      for (const page of OUTSIDE_THE_SHELL) {
        if (!this.getModuleInfo(page))
          this.error(`percorso:portal-shell-chunk: ${page} is not in the build; update OUTSIDE_THE_SHELL.`);
        closure(page, outside);
      }
      const shell = new Set<string>();
      closure(PORTAL_SHELL, shell);
      const data = new Set<string>();
      if (!this.getModuleInfo(PORTAL_DATA))
        this.error(`percorso:portal-shell-chunk: ${PORTAL_DATA} is not in the build; update PORTAL_DATA.`);
      closure(PORTAL_DATA, data);
      portalData.clear();
      for (const id of data) if (!initial.has(id) && !shell.has(id)) portalData.add(id);
      portalShell.clear();
      sharedWithShell.clear();
      for (const id of shell) {
        if (initial.has(id)) continue;
        if (outside.has(id)) sharedWithShell.add(id);
        else portalShell.add(id);
      }
    },
  };
  return {
    plugin,
    groups: [
      { name: 'react-dom', test: (id: string) => REACT_DOM_PACKAGES.test(id) && !OWN_CHUNK.has(id), priority: 6 },
      { name: 'app', tags: ['$initial'], test: (id: string) => entryFirst.has(id) && !OWN_CHUNK.has(id), priority: 5 },
      { name: 'app-render', tags: ['$initial'], test: (id: string) => !OWN_CHUNK.has(id), priority: 4 },
      { name: 'shell-shared', test: (id: string) => sharedWithShell.has(id), priority: 2 },
      { name: 'portal', test: (id: string) => portalShell.has(id), priority: 1 },
      { name: 'portal-data', test: (id: string) => portalData.has(id), priority: 0 },
    ],
  };
}
