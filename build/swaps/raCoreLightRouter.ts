/**
 * Swap "ra-core light router" — written for ra-core 5.15.4 and react-router 7.18.
 *
 * Replaces: ra-core's react-router adapter (ra-core/dist/routing/adapters/reactRouterProvider.js)
 * with src/routing/lightRouterProvider.tsx, which keeps its API but not its fallback data router.
 *
 * Why: ra-core's adapter creates a HashRouter through `createHashRouter` + `<RouterProvider>` when
 * it is not already inside a router, and that one reference pulls react-router's whole data-router
 * runtime into every page that touches ra-core (the portal's translations do). Percorso always
 * renders inside one BrowserRouter, so the fallback is never used.
 *
 * Saves: 16.4 KiB brotli of JS before first render on every portal route (16.4–16.7 KiB on the
 * back-office's), measured with `npm run bench -- bundle` with and without it.
 */
import type { ModuleSwap } from '../moduleSwaps';
import { fromRoot } from '../paths';

export const raCoreLightRouter: ModuleSwap = {
  name: 'ra-core light router',
  matches: (source, importer) =>
    source.endsWith('adapters/reactRouterProvider.js') && /[\\/]ra-core[\\/]dist[\\/]routing[\\/]/.test(importer),
  target: fromRoot('src/routing/lightRouterProvider.tsx'),
};
