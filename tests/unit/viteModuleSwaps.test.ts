import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { stringify as queryStringStringify } from 'query-string';
import { stringify } from '../../src/dataProvider/simpleRestQueryString';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { emotionIsPropValidModule, moduleSwaps, SWAPS, treeShakeableReactRouter } from '../../vite.config';

const modules = join(__dirname, '../../node_modules');

/** The import each swap stands in for, as the installed dependency writes it today. */
const INSTALLED = [
  { swap: 'ra-core light router', importer: 'ra-core/dist/routing/RouterProviderContext.js', source: './adapters/reactRouterProvider.js' },
  { swap: 'MUI press ripple on demand', importer: '@mui/material/ButtonBase/ButtonBase.mjs', source: './TouchRipple.mjs' },
  { swap: 'MUI theme without CSS variables', importer: '@mui/material/styles/createTheme.mjs', source: './createThemeWithVars.mjs' },
  { swap: 'react-admin without its login page', importer: 'ra-ui-materialui/dist/AdminUI.js', source: './auth/index.js' },
  { swap: 'react-admin titles without the preferences editor', importer: 'ra-ui-materialui/dist/layout/Title.js', source: './PageTitleConfigurable.js' },
  { swap: 'emotion without the bare hoist-non-react-statics import', importer: '@emotion/react/dist/emotion-react.browser.esm.js', source: 'hoist-non-react-statics' },
  { swap: 'node-polyglot object.entries', importer: 'node-polyglot/index.js', source: 'object.entries' },
  { swap: 'node-polyglot hasown', importer: 'node-polyglot/index.js', source: 'hasown' },
  { swap: 'simple-rest query-string', importer: 'ra-data-simple-rest/dist/index.js', source: 'query-string' },
  { swap: 'simple-rest without the default HTTP client', importer: 'ra-data-simple-rest/dist/index.js', source: 'ra-core' },
  { swap: 'react-router production build', importer: 'react-router-dom/dist/index.mjs', source: 'react-router' },
  { swap: 'react-router/dom production build', importer: 'react-router-dom/dist/index.mjs', source: 'react-router/dom' },
  { swap: 'emotion styles inserted while rendering', importer: '@emotion/styled/base/dist/emotion-styled-base.browser.esm.js', source: '@emotion/use-insertion-effect-with-fallbacks' },
  { swap: 'emotion styles inserted while rendering', importer: '@emotion/react/dist/emotion-element-f0de968e.browser.esm.js', source: '@emotion/use-insertion-effect-with-fallbacks' },
  ...['useTheme/useTheme', 'createStyled/createStyled', 'Stack/createStack', 'Container/createContainer', 'Grid/createGrid'].map((module) => ({
    swap: 'MUI system default theme built once',
    importer: `@mui/system/${module}.mjs`,
    source: '../createTheme/index.mjs',
  })),
  { swap: 'MUI Box with the material default theme', importer: '@mui/material/Box/Box.mjs', source: '../styles/index.mjs' },
  { swap: 'MUI ownerDocument without its re-export', importer: '@mui/material/InputBase/InputBase.mjs', source: '../utils/ownerDocument.mjs' },
  { swap: 'MUI ownerDocument without its re-export', importer: '@mui/material/utils/index.mjs', source: './ownerDocument.mjs' },
  { swap: 'MUI useEnhancedEffect without its re-export', importer: '@mui/material/InputBase/InputBase.mjs', source: '../utils/useEnhancedEffect.mjs' },
  { swap: 'emotion props in a set', importer: '@emotion/styled/base/dist/emotion-styled-base.browser.esm.js', source: '@emotion/is-prop-valid' },
];

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: object, name: string) => (plugin as Record<string, Hook>)[name];

describe('Vite module swaps', () => {
  it.each(INSTALLED)('$swap matches the import the installed package makes', ({ swap, importer, source }) => {
    const path = join(modules, importer);
    expect(readFileSync(path, 'utf8')).toContain(source);
    const matching = SWAPS.filter((candidate) => candidate.matches(source, path)).map((candidate) => candidate.name);
    expect(matching).toEqual([swap]);
  });

  it('covers every swap', () => {
    expect(SWAPS.map((swap) => swap.name).sort()).toEqual([...new Set(INSTALLED.map((entry) => entry.swap))].sort());
  });

  it('fails the build when a swap matched nothing', () => {
    const plugin = moduleSwaps(SWAPS);
    const errors: string[] = [];
    const context = { error: (message: string) => errors.push(message) };
    hook(plugin, 'configResolved').call(context, { command: 'build' });
    hook(plugin, 'buildStart').call(context);
    const first = INSTALLED[0];
    expect(hook(plugin, 'resolveId').call(context, first.source, join(modules, first.importer))).toBeTruthy();
    hook(plugin, 'buildEnd').call(context);
    expect(errors).toHaveLength(1);
    for (const { swap } of INSTALLED.slice(1)) expect(errors[0]).toContain(swap);
    expect(errors[0]).not.toContain(first.swap);
  });

  /** A swap's stand-in module, written where it can import the app's dependencies, and loaded. */
  async function standIn(name: string): Promise<Record<string, unknown>> {
    const swap = SWAPS.find((candidate) => candidate.name === name);
    const dir = join(modules, '.cache', 'percorso-module-swaps');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name.replace(/\W+/g, '-')}.mjs`);
    writeFileSync(file, swap?.code ?? '');
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
  }

  it("MUI's system default theme is built once, and a theme with options is built as asked", async () => {
    const createThemeOnce = (await standIn('MUI system default theme built once')).default as (...args: unknown[]) => { spacing: (n: number) => string };
    expect(createThemeOnce()).toBe(createThemeOnce());
    const spaced = createThemeOnce({ spacing: 4 });
    expect(spaced).not.toBe(createThemeOnce());
    expect(spaced.spacing(2)).toBe('8px');
    expect(createThemeOnce().spacing(2)).toBe('16px');
  });

  it("MUI's Box takes the material default theme rather than building its own", async () => {
    const { createTheme } = (await standIn('MUI Box with the material default theme')) as { createTheme: () => unknown };
    const { default: materialDefault } = (await import(/* @vite-ignore */ pathToFileURL(join(modules, '@mui/material/styles/defaultTheme.mjs')).href)) as { default: unknown };
    expect(createTheme()).toBe(materialDefault);
  });

  it('Emotion inserts a style as the component renders, and keeps the insertion effect for global styles', async () => {
    const module = await standIn('emotion styles inserted while rendering');
    const insert = vi.fn(() => 'inserted');
    expect((module.useInsertionEffectAlwaysWithSyncFallback as (insert: () => unknown) => unknown)(insert)).toBe('inserted');
    expect(insert).toHaveBeenCalledTimes(1);
    expect(module.useInsertionEffectWithLayoutFallback).toBe((await import('react')).useInsertionEffect);
  });

  it("Emotion's prop test answers as the installed one, for each of its names and for the rest", async () => {
    const isPropValid = (await standIn('emotion props in a set')).default as (prop: string) => boolean;
    const installed = (await import('@emotion/is-prop-valid')).default as (prop: string) => boolean;
    const source = readFileSync(join(modules, '@emotion/is-prop-valid/dist/emotion-is-prop-valid.esm.js'), 'utf8');
    const names = /\^\(\(([\w|]+)\)/.exec(source)![1].split('|');
    expect(names.length).toBeGreaterThan(300);
    const others = ['ownerState', 'sx', 'as', 'theme', 'component', 'variant', 'data-testid', 'DATA-x', 'Data-', 'aria-label', 'ARIA-hidden', 'x-', 'x-y', 'X-y', 'xdata',
      'onClick', 'onclick', 'on', 'onZ', 'on[', 'onchange', '', 'color ', ' color', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'children\n'];
    for (const prop of [...names, ...names.map((name) => name.toUpperCase()), ...others]) {
      expect([prop, isPropValid(prop)]).toEqual([prop, installed(prop)]);
      expect([prop, isPropValid(prop)]).toEqual([prop, installed(prop)]);
    }
  });

  it("refuses an @emotion/is-prop-valid that writes its props differently", () => {
    expect(() => emotionIsPropValidModule('var reactPropsRegex = /^(children|key)$/;')).toThrow(/emotion props in a set/);
  });

  it("react-router's production copy is its development copy with the dev warnings off, and nothing else", () => {
    const copy = (variant: string) => {
      const dir = join(modules, 'react-router/dist', variant);
      return readdirSync(dir)
        .filter((name) => name.endsWith('.mjs'))
        .map((name) => readFileSync(join(dir, name), 'utf8').replace(/chunk-[A-Z0-9]+\.mjs/g, 'chunk.mjs'))
        .sort();
    };
    const development = copy('development');
    const production = copy('production');
    expect(development.join('').match(/var ENABLE_DEV_WARNINGS = true;/g)).toHaveLength(1);
    expect(production.join('').match(/var ENABLE_DEV_WARNINGS = false;/g)).toHaveLength(1);
    expect(production.map((text) => text.replace('ENABLE_DEV_WARNINGS = false;', 'ENABLE_DEV_WARNINGS = true;'))).toEqual(development);
    for (const entry of ['index.mjs', 'dom-export.mjs']) {
      const target = SWAPS.find((swap) => swap.target.endsWith(join('react-router/dist/production', entry)))?.target;
      expect(target && readFileSync(target, 'utf8')).toBeTruthy();
    }
  });
});

describe("react-router's tree-shaking", () => {
  /** The minified bundle of one module importing `names` from react-router, as the app's build makes it. */
  async function bundleOf(names: string[], plugins: Plugin[]) {
    const bundle = await rolldown({
      input: 'entry',
      external: ['react', 'react-dom'],
      logLevel: 'silent',
      plugins: [
        { name: 'entry', resolveId: (id: string) => (id === 'entry' ? id : null), load: (id: string) => (id === 'entry' ? `export { ${names.join(', ')} } from 'react-router';` : null) },
        moduleSwaps(SWAPS),
        ...plugins,
      ],
    });
    const { output } = await bundle.generate({ minify: true });
    await bundle.close();
    return output[0].code;
  }
  // What the portal's entry takes from react-router, react-router's Link aside.
  const USED = ['BrowserRouter', 'Routes', 'Route', 'Navigate', 'Outlet', 'useNavigate', 'useLocation', 'useParams', 'useHref', 'useLinkClickHandler', 'useResolvedPath'];

  it('drops the components the app does not import (forms, fetchers, prefetching)', async () => {
    const [plain, shaken] = await Promise.all([bundleOf(USED, []), bundleOf(USED, [treeShakeableReactRouter()])]);
    // <Form>'s encoding list: in the bundle whenever the unused components are.
    expect(plain).toContain('application/x-www-form-urlencoded');
    expect(shaken).not.toContain('application/x-www-form-urlencoded');
    expect(shaken).not.toContain('prefetch');
    expect(shaken.length).toBeLessThan(plain.length * 0.8);
  });

  it('fails the build when react-router no longer has the calls it marks', () => {
    const plugin = treeShakeableReactRouter();
    const errors: string[] = [];
    const context = { error: (message: string) => errors.push(message) };
    hook(plugin, 'configResolved').call(context, { command: 'build' });
    hook(plugin, 'buildStart').call(context);
    hook(plugin, 'transform').call(context, 'export const x = 1;', join(modules, 'react-router/dist/production/chunk-ABC.mjs'));
    hook(plugin, 'buildEnd').call(context);
    expect(errors).toHaveLength(1);
  });
});

describe("simple-rest's query-string stand-in", () => {
  it.each([
    { sort: JSON.stringify(['name', 'ASC']), range: JSON.stringify([0, 24]), filter: JSON.stringify({ q: "l'è (già) *fatto*!", id: [1, 2] }) },
    { filter: JSON.stringify({ id: [3] }) },
    { embed: JSON.stringify(['author']) },
    { b: 'ü ß €', a: '&=?#/+' },
    { list: ['x', 'y z', null, undefined], empty: '', none: null, missing: undefined, n: 0, t: true },
  ])('stringify(%j) is what query-string answers', (object) => {
    expect(stringify(object)).toBe(queryStringStringify(object));
  });
});
