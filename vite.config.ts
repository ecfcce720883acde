import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { CodeSplittingGroup } from 'rolldown';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `.br` and `.gz` beside every compressible asset so the server can send them as they are. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'percorso:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      // A failed build wrote nothing (and its own error is the one to show).
      if (!existsSync(outDir)) return;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

const LIGHT_ROUTER_PROVIDER = resolve(dirname(fileURLToPath(import.meta.url)), 'src/routing/lightRouterProvider.tsx');
/** react-admin's auth callback page (the real path: node_modules may be a link). */
const RA_AUTH_CALLBACK = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/ra-ui-materialui/dist/auth/AuthCallback.js'));
/** react-admin's plain page title, which its <Title> shows when titles are not editable. */
const RA_PAGE_TITLE = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/ra-ui-materialui/dist/layout/PageTitle.js'));
const TOUCH_RIPPLE_ON_DEMAND = resolve(dirname(fileURLToPath(import.meta.url)), 'src/components/TouchRippleOnDemand.tsx');
const SIMPLE_REST_QUERY_STRING = resolve(dirname(fileURLToPath(import.meta.url)), 'src/dataProvider/simpleRestQueryString.ts');
/** MUI's theme builders and default theme (real paths: node_modules may be a link). */
const MUI_SYSTEM_CREATE_THEME = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/@mui/system/createTheme/index.mjs'));
const MUI_MATERIAL_UTILS = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/@mui/material/utils'));
const MUI_MATERIAL_DEFAULT_THEME = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/@mui/material/styles/defaultTheme.mjs'));
/**
 * Emotion's test of which props reach a DOM element, with its list of React's props in a Set rather
 * than in one regular expression of some 400 alternatives (see the swap below). The list and the
 * prefixes are read from the installed package, so the answers stay its answers; a package that no
 * longer writes them this way fails the build here rather than being half understood.
 */
export function emotionIsPropValidModule(installed: string): string {
  const regex = /var reactPropsRegex = \/\^\(\(([\w|]+)\)\|(\(\([\w[\]|]+\)-\.\*\))\)\$\/;/.exec(installed);
  const onHandler = 'prop.charCodeAt(0) === 111';
  if (!regex || !installed.includes(onHandler)) {
    throw new Error('@emotion/is-prop-valid no longer writes its props as the swap "emotion props in a set" reads them: update or remove the swap in vite.config.ts.');
  }
  const [, names, prefixed] = regex;
  return `const names = new Set(${JSON.stringify(names)}.split('|'));
const prefixed = /^${prefixed}$/;
const known = Object.create(null);
const test = (prop) => names.has(prop) || prefixed.test(prop) || (prop.charCodeAt(0) === 111 && prop.charCodeAt(1) === 110 && prop.charCodeAt(2) < 91);
export default function isPropValid(prop) {
  const answer = known[prop];
  return answer === undefined ? (known[prop] = test(prop)) : answer;
}`;
}
const EMOTION_IS_PROP_VALID = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/@emotion/is-prop-valid/dist/emotion-is-prop-valid.esm.js'), 'utf8');
/** The real path (node_modules may be a link), as Vite gives the package's own files. */
const REACT_ROUTER_PRODUCTION = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/react-router/dist/production'));

/**
 * One module of a dependency replaced by another when a given file imports it. `target` is a path,
 * or a virtual id whose source is `code`.
 */
export interface ModuleSwap {
  name: string;
  matches(source: string, importer: string): boolean;
  target: string;
  code?: string;
}

/**
 * Applies the swaps below, and fails the build when one of them never matched: a dependency upgrade
 * that renames or moves the swapped module must not silently put the original back (or, worse,
 * leave the app with a swap that no longer fits the code around it).
 * Every swap only makes the bundle smaller, so they apply to `vite build` alone: the development
 * server serves the dependencies as published, pre-bundled (a swapped-in file under node_modules
 * would skip that pre-bundling, and its CommonJS imports, such as react-router's `cookie`, would
 * fail to load in the browser).
 */
export function moduleSwaps(swaps: ModuleSwap[]): Plugin {
  const seen = new Set<string>();
  let building = false;
  return {
    name: 'percorso:module-swaps',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      seen.clear();
    },
    resolveId(source, importer) {
      if (!importer) return null;
      const swap = swaps.find((candidate) => candidate.matches(source, importer));
      if (!swap) return null;
      seen.add(swap.name);
      return swap.target;
    },
    load(id) {
      return swaps.find((swap) => swap.code !== undefined && swap.target === id)?.code ?? null;
    },
    buildEnd(error) {
      if (!building || error) return;
      const unused = swaps.filter((swap) => !seen.has(swap.name)).map((swap) => swap.name);
      if (unused.length) {
        this.error(
          `percorso:module-swaps: ${unused.join(', ')} matched no import. A dependency changed its files: update or remove the swap in vite.config.ts.`,
        );
      }
    },
  };
}

export const SWAPS: ModuleSwap[] = [
  /**
   * ra-core's react-router adapter → src/routing/lightRouterProvider.tsx, which keeps its API but
   * not its fallback data router (see that file): react-router's data-router runtime then stays out
   * of every bundle.
   */
  {
    name: 'ra-core light router',
    matches: (source, importer) =>
      source.endsWith('adapters/reactRouterProvider.js') && /[\\/]ra-core[\\/]dist[\\/]routing[\\/]/.test(importer),
    target: LIGHT_ROUTER_PROVIDER,
  },
  /**
   * react-router publishes the same code twice, dist/development and dist/production, which differ
   * in one constant, ENABLE_DEV_WARNINGS (the warnings about misused routes, with their long texts).
   * Its package.json points every import at the development copy, so every import of the package
   * and of its `react-router/dom` entry (react-router-dom's), the app's and react-admin's alike
   * (one copy: one router context), takes the production one: about 0.5 KiB (brotli) less on every
   * page. tests/unit/viteModuleSwaps.test.ts checks that the two copies still differ only there.
   */
  {
    name: 'react-router production build',
    matches: (source) => source === 'react-router',
    target: join(REACT_ROUTER_PRODUCTION, 'index.mjs'),
  },
  {
    name: 'react-router/dom production build',
    matches: (source) => source === 'react-router/dom',
    target: join(REACT_ROUTER_PRODUCTION, 'dom-export.mjs'),
  },
  /**
   * MUI's createTheme() holds the CSS-variables theme builder (createThemeWithVars) for themes
   * created with `cssVariables` or `colorSchemes`, and every MUI component reaches createTheme()
   * through its default theme. Percorso's theme (src/theme.ts) and react-admin's use neither, so
   * that branch is replaced by a module that says so if it is ever reached: about 3 KiB less on
   * every page.
   */
  {
    name: 'MUI theme without CSS variables',
    matches: (source, importer) =>
      source === './createThemeWithVars.mjs' && /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer),
    target: '\0percorso:no-css-variables-theme',
    code: `export default function createThemeWithVars() {
  throw new Error('Percorso: MUI themes with CSS variables (cssVariables, colorSchemes) are not built into this app; see vite.config.ts.');
}`,
  },
  /**
   * MUI builds a default theme (used only where no theme is provided: Percorso always provides one)
   * in each module that may need it, as the module first runs: @mui/system's in up to five modules,
   * and @mui/material's twice (its styles and Box). Each build deep-merges a whole theme: on a
   * mid-range phone, building themes was over half of the theme script's first run. These swaps
   * give those modules one shared default theme of each kind: the same values, built once.
   */
  {
    name: 'MUI system default theme built once',
    matches: (source, importer) =>
      source === '../createTheme/index.mjs' &&
      /[\\/]@mui[\\/]system[\\/](?:useTheme[\\/]useTheme|createStyled[\\/]createStyled|Stack[\\/]createStack|Container[\\/]createContainer|Grid[\\/]createGrid)\.mjs$/.test(importer),
    target: '\0percorso:system-default-theme-once',
    code: `import createTheme from ${JSON.stringify(MUI_SYSTEM_CREATE_THEME)};
let defaultTheme;
export default function createThemeOnce(...args) {
  if (args.length) return createTheme(...args);
  defaultTheme ??= createTheme();
  return defaultTheme;
}`,
  },
  {
    name: 'MUI Box with the material default theme',
    matches: (source, importer) => source === '../styles/index.mjs' && /[\\/]@mui[\\/]material[\\/]Box[\\/]Box\.mjs$/.test(importer),
    target: '\0percorso:box-default-theme',
    code: `import defaultTheme from ${JSON.stringify(MUI_MATERIAL_DEFAULT_THEME)};
export const createTheme = () => defaultTheme;`,
  },
  /**
   * MUI's ButtonBase mounts its press ripple (TouchRipple) only on the first press, but imports it
   * statically, so its code sits in the entry of every page. src/components/TouchRippleOnDemand.tsx
   * stands in for it and downloads the real one on the first press: about 2 KiB brotli less on every
   * page. (That file imports the real module by its package path, which this does not match.)
   */
  {
    name: 'MUI press ripple on demand',
    matches: (source, importer) => source === './TouchRipple.mjs' && /[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.mjs$/.test(importer),
    target: TOUCH_RIPPLE_ON_DEMAND,
  },
  /**
   * @mui/material's utils/ownerDocument and utils/useEnhancedEffect only re-export @mui/utils' own
   * (`import x from '@mui/utils/x'; export default x;`). Imported by lazily loaded components that
   * do not share one chunk, each became a chunk of one re-export line: a request of its own on
   * pages with a text field, a menu or a list. MUI's components import @mui/utils' module instead.
   */
  ...['ownerDocument', 'useEnhancedEffect'].map(
    (name): ModuleSwap => ({
      name: `MUI ${name} without its re-export`,
      matches: (source, importer) =>
        /[\\/]@mui[\\/]material[\\/]/.test(importer) && resolve(dirname(importer), source) === join(MUI_MATERIAL_UTILS, `${name}.mjs`),
      target: realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), `node_modules/@mui/utils/${name}/${name}.mjs`)),
    }),
  ),
  /**
   * ra-data-simple-rest imports only `stringify` from query-string, which brings four packages of
   * its own (about 2 KiB brotli on every signed-in page): src/dataProvider/simpleRestQueryString.ts
   * is that function with the same output.
   */
  {
    name: 'simple-rest query-string',
    matches: (source, importer) => source === 'query-string' && /[\\/]ra-data-simple-rest[\\/]/.test(importer),
    target: SIMPLE_REST_QUERY_STRING,
  },
  /**
   * ra-data-simple-rest takes ra-core's fetchUtils.fetchJson only as the default of the HTTP client
   * it is given, and Percorso always gives its own (src/dataProvider/restProvider.ts): importing it
   * would bring ra-core's fetch module, and query-string again, along.
   */
  {
    name: 'simple-rest without the default HTTP client',
    matches: (source, importer) => source === 'ra-core' && /[\\/]ra-data-simple-rest[\\/]/.test(importer),
    target: '\0percorso:simple-rest-fetch-utils',
    code: `export const fetchUtils = {
  fetchJson() {
    throw new Error('Percorso: ra-data-simple-rest is always given the app\\'s HTTP client (src/dataProvider/restProvider.ts); see vite.config.ts.');
  },
};`,
  },
  /**
   * react-admin's <Admin> takes its login page (a form: react-hook-form, the text and password
   * inputs, about 40 KiB brotli) as the default of its `loginPage` prop, so it loads with the
   * back-office's first screen although Percorso passes `loginPage={false}` (src/admin/AdminApp.tsx:
   * the sign-in is the portal's). The default is replaced by a component that says so if it is
   * ever rendered; the auth callback page, from the same module, stays react-admin's.
   */
  {
    name: 'react-admin without its login page',
    matches: (source, importer) => source === './auth/index.js' && /[\\/]ra-ui-materialui[\\/]dist[\\/]AdminUI\.js$/.test(importer),
    target: '\0percorso:react-admin-auth-without-login',
    code: `export { AuthCallback } from ${JSON.stringify(RA_AUTH_CALLBACK)};
export function Login() {
  throw new Error('Percorso: react-admin\\'s login page is not built into this app (<Admin loginPage={false}>); see vite.config.ts.');
}`,
  },
  /**
   * react-admin's <Title> makes every page title editable in its preferences editor (the
   * Inspector), and so imports that editor's text field, select and popover: about 14 KiB brotli
   * on the back-office's first screen. Percorso has no preferences editor, so a title could never
   * be edited (nor an edited one be stored): the editable title is replaced by the plain one,
   * which <Title> itself shows when given `preferenceKey={false}`.
   */
  {
    name: 'react-admin titles without the preferences editor',
    matches: (source, importer) => source === './PageTitleConfigurable.js' && /[\\/]ra-ui-materialui[\\/]dist[\\/]layout[\\/]Title\.js$/.test(importer),
    target: '\0percorso:page-title-not-editable',
    code: `import { createElement } from 'react';
import { PageTitle } from ${JSON.stringify(RA_PAGE_TITLE)};
export const PageTitleConfigurable = ({ preferenceKey, ...props }) => createElement(PageTitle, props);`,
  },
  /**
   * @emotion/react's index imports hoist-non-react-statics for its side effects only (it has none:
   * the package is one CommonJS module exporting a function), and that import keeps the module and
   * its react-is 16 copy on every page (about 0.9 KiB brotli). withTheme, which does use it, takes
   * it through its own module, untouched.
   */
  {
    name: 'emotion without the bare hoist-non-react-statics import',
    matches: (source, importer) => source === 'hoist-non-react-statics' && /[\\/]@emotion[\\/]react[\\/]dist[\\/]emotion-react\.browser\.esm\.js$/.test(importer),
    target: '\0percorso:no-side-effect-import',
    code: 'export {};',
  },
  /**
   * Emotion inserts a component's CSS rule (running its CSS compiler, stylis) in an insertion effect,
   * that is while React commits, and React never cuts a commit into slices: on the dashboard, on a
   * mid-range phone, the insertions were 42 ms of a 177 ms task. With this swap the rule is inserted
   * while the component renders, as Emotion does with React before 18, so a render React slices (a
   * transition, as the first one is: src/renderApp.tsx; a deferred value) slices that work too. A
   * render React throws away leaves its rule behind, which is harmless: class names are hashes of
   * the CSS. <Global> styles keep their insertion effect.
   */
  {
    name: 'emotion styles inserted while rendering',
    matches: (source, importer) =>
      source === '@emotion/use-insertion-effect-with-fallbacks' && /[\\/]@emotion[\\/](?:react|styled)[\\/]/.test(importer),
    target: '\0percorso:emotion-insert-while-rendering',
    code: `import { useInsertionEffect } from 'react';
export const useInsertionEffectAlwaysWithSyncFallback = (insert) => insert();
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;`,
  },
  /**
   * Emotion asks, for every prop of a styled DOM element, whether React knows it, by testing one
   * regular expression of some 400 alternatives. The browser compiles it at its first test, while the
   * app starts (about 4 ms on this machine's desktop CPU, 20 ms on a mid-range phone), and again into
   * machine code at the next ones, during the first render. The same names in a Set answer at once.
   */
  {
    name: 'emotion props in a set',
    matches: (source, importer) => source === '@emotion/is-prop-valid' && /[\\/]@emotion[\\/]styled[\\/]/.test(importer),
    target: '\0percorso:emotion-is-prop-valid',
    code: emotionIsPropValidModule(EMOTION_IS_PROP_VALID),
  },
  /**
   * node-polyglot (under ra-i18n-polyglot, the i18nProvider) polyfills Object.entries and
   * Object.hasOwn for old browsers with es-shims packages; every browser the build targets has
   * both, so the native functions stand in: about 2 KiB (brotli) less on the first page.
   */
  {
    name: 'node-polyglot object.entries',
    matches: (source, importer) => source === 'object.entries' && /[\\/]node-polyglot[\\/]/.test(importer),
    target: '\0percorso:object-entries',
    // CommonJS, as the package it stands for: node-polyglot require()s it and calls the export.
    code: 'module.exports = (object) => Object.entries(object);',
  },
  {
    name: 'node-polyglot hasown',
    matches: (source, importer) => source === 'hasown' && /[\\/]node-polyglot[\\/]/.test(importer),
    target: '\0percorso:hasown',
    code: 'module.exports = (object, key) => Object.prototype.hasOwnProperty.call(object, key);',
  },
];

/** react-router's bundled code (both copies: the swaps above pick the production one). */
const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/](?:production|development)[\\/]chunk-[\w]+\.mjs$/;

/**
 * Lets the bundler drop the parts of react-router the app does not use.
 *
 * react-router ships its components as top-level calls (`var Form = React.forwardRef(...)`,
 * `var Ctx = React.createContext(...)`) followed by `Form.displayName = "Form"`, with no
 * pure annotations: to a bundler both are side effects, so every component of the package (forms,
 * fetchers, framework-mode prefetching, RSC) stays in the entry whatever the app imports. This
 * marks those calls pure and drops the displayName lines (names for React's developer tools): the
 * unused components then fall away, about 2 KiB brotli less on every page. With the app's own
 * Link (src/routing/Link.tsx), which does not reach the prefetching code, about 4 KiB.
 * The build fails if the code no longer has that shape, as the swaps above do.
 */
export function treeShakeableReactRouter(): Plugin {
  let building = false;
  let marked = 0;
  return {
    name: 'percorso:tree-shakeable-react-router',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      marked = 0;
    },
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      const pure = code.replace(/(?<![\w$.])React\d*\.(?:forwardRef|createContext|memo)\(/g, (call) => {
        marked++;
        return `/* @__PURE__ */ ${call}`;
      });
      // Each displayName line becomes an empty line, so line numbers (and source maps) still hold.
      return { code: pure.replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, ''), map: null };
    },
    buildEnd(error) {
      if (building && !error && marked === 0) {
        this.error('percorso:tree-shakeable-react-router: no React.forwardRef/createContext/memo call found in react-router; update vite.config.ts.');
      }
    },
  };
}

const PORTAL_SHELL = resolve(dirname(fileURLToPath(import.meta.url)), 'src/portal/ProtectedLayout.tsx');
/** The build's entry: Vite makes index.html a module that imports its script, src/main.tsx. */
const HTML_ENTRY = resolve(dirname(fileURLToPath(import.meta.url)), 'index.html');
/** What the entry imports dynamically, one after the other, before the first render (src/main.tsx). */
const REACT_DOM_CLIENT = realpathSync(resolve(dirname(fileURLToPath(import.meta.url)), 'node_modules/react-dom/client.js'));
const RENDER_APP = resolve(dirname(fileURLToPath(import.meta.url)), 'src/renderApp.tsx');
/** React's DOM renderer and its scheduler (CommonJS packages only react-dom/client needs). */
const REACT_DOM_PACKAGES = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
/**
 * The entry and the two modules it imports dynamically stay small chunks of their own beside the
 * groups below: the build manifest then names them, and the server finds there the files every
 * page starts with (server/src/infra/page-preloads.ts).
 */
const OWN_CHUNK = new Set([HTML_ENTRY, resolve(dirname(fileURLToPath(import.meta.url)), 'src/main.tsx'), REACT_DOM_CLIENT, RENDER_APP]);
/**
 * The lazily loaded screens that render outside the portal's layout: what they share with it (MUI's
 * Paper and Link, the accessibility footer's path, the report form's error texts) must not sit in
 * the `portal` chunk, or opening them downloads the whole shell (ra-core, react-query, the layout).
 */
const OUTSIDE_THE_SHELL = [
  'src/portal/CallbackPage.tsx',
  'src/portal/accessibility/AccessibilityStatementPage.tsx',
  'src/portal/accessibility/VisitorReportPage.tsx',
].map((path) =>
  resolve(dirname(fileURLToPath(import.meta.url)), path),
);

/**
 * Chunks: what every screen needs before its first render in one chunk each, rather than the dozens
 * of small shared chunks automatic splitting makes (each compressed on its own, so all the larger):
 * - `app`: everything the entry imports statically (React, the router, the session, the route data);
 * - `react-dom`: React's DOM renderer, which the entry imports next;
 * - `app-render`: what src/renderApp.tsx adds, imported last (MUI's core, the theme, the login screen);
 * - `portal`: what every authenticated portal page adds (src/portal/ProtectedLayout.tsx and all it
 *   imports statically: ra-core's hooks, react-query, the layout) — found in the module graph —
 *   except what the screens of OUTSIDE_THE_SHELL use too:
 * - `shell-shared`: that part, which those screens and the shell load.
 * The pages, the back-office and what only they use stay split automatically.
 */
function chunkGroups(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const portalShell = new Set<string>();
  const sharedWithShell = new Set<string>();
  const entryFirst = new Set<string>();
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
        if (!this.getModuleInfo(page)) this.error(`percorso:portal-shell-chunk: ${page} is not in the build; update OUTSIDE_THE_SHELL.`);
        closure(page, outside);
      }
      const shell = new Set<string>();
      closure(PORTAL_SHELL, shell);
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
    ],
  };
}

const chunking = chunkGroups();

/**
 * The SPA. The back-office (react-admin), the player, the cropper and the spreadsheet code are
 * reached only through dynamic import(), so the login and portal pages never download them.
 */
export default defineConfig({
  plugins: [moduleSwaps(SWAPS), treeShakeableReactRouter(), react(), chunking.plugin, precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Every browser Vite's default target covers supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The two modules the entry imports dynamically are entries too, only so that the bundler tags
      // exactly what they import statically as `$initial`, as it does the page's own (see chunkGroups).
      input: { index: HTML_ENTRY, 'react-dom-client': REACT_DOM_CLIENT, 'render-app': RENDER_APP },
      output: { codeSplitting: { groups: chunking.groups } },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': API_TARGET,
      '/idp': API_TARGET,
      '/storage': API_TARGET,
    },
  },
  preview: {
    port: Number(process.env.VITE_PORT ?? 4173),
    proxy: {
      '/api': API_TARGET,
      '/idp': API_TARGET,
      '/storage': API_TARGET,
    },
  },
});
