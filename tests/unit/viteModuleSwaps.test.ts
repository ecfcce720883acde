import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { moduleSwaps } from '../../build/moduleSwaps';
import { SWAPS, swapPlugins } from '../../build/swaps';
import { treeShakeableReactRouter } from '../../build/swaps/reactRouterTreeShaking';

const modules = join(__dirname, '../../node_modules');

/** The import each swap stands in for, as the installed dependency writes it today. */
const INSTALLED = [
  {
    swap: 'ra-core light router',
    importer: 'ra-core/dist/routing/RouterProviderContext.js',
    source: './adapters/reactRouterProvider.js',
  },
  {
    swap: 'MUI theme without CSS variables',
    importer: '@mui/material/styles/createTheme.mjs',
    source: './createThemeWithVars.mjs',
  },
  {
    swap: 'react-admin without its login page',
    importer: 'ra-ui-materialui/dist/AdminUI.js',
    source: './auth/index.js',
  },
  {
    swap: 'react-admin titles without the preferences editor',
    importer: 'ra-ui-materialui/dist/layout/Title.js',
    source: './PageTitleConfigurable.js',
  },
  { swap: 'node-polyglot object.entries', importer: 'node-polyglot/index.js', source: 'object.entries' },
  { swap: 'node-polyglot hasown', importer: 'node-polyglot/index.js', source: 'hasown' },
];

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: object, name: string) => (plugin as Record<string, Hook>)[name];

describe('the build swaps (build/swaps/)', () => {
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

  it('leaves out the swaps a measurement turns off', () => {
    const names = (plugins: Plugin[]) => plugins.map((plugin) => plugin.name);
    expect(names(swapPlugins(new Set()))).toEqual(['percorso:module-swaps', 'percorso:tree-shakeable-react-router']);
    expect(names(swapPlugins(new Set(['tree-shakeable react-router'])))).toEqual(['percorso:module-swaps']);
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
        {
          name: 'entry',
          resolveId: (id: string) => (id === 'entry' ? id : null),
          load: (id: string) => (id === 'entry' ? `export { ${names.join(', ')} } from 'react-router';` : null),
        },
        ...plugins,
      ],
    });
    const { output } = await bundle.generate({ minify: true });
    await bundle.close();
    return output[0].code;
  }
  // What the portal's entry takes from react-router, react-router's Link aside.
  const USED = [
    'BrowserRouter',
    'Routes',
    'Route',
    'Navigate',
    'Outlet',
    'useNavigate',
    'useLocation',
    'useParams',
    'useHref',
    'useLinkClickHandler',
    'useResolvedPath',
  ];

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
    hook(plugin, 'transform').call(
      context,
      'export const x = 1;',
      join(modules, 'react-router/dist/production/chunk-ABC.mjs'),
    );
    hook(plugin, 'buildEnd').call(context);
    expect(errors).toHaveLength(1);
  });
});
