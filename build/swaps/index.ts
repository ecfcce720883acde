/**
 * The build's swaps of library internals, one file each in this folder: what each replaces, why,
 * the library version it was written for, and the KiB it saves, measured with `npm run bench --
 * bundle` on a build with and without it. A swap that changes what a library does at run time, or
 * that saves under 3 KiB, does not belong here.
 *
 * To measure one again: `PERCORSO_SWAPS_OFF="<name>,<name>" npm run build`, then
 * `npm run bench -- bundle`, beside the same two commands without the variable.
 */
import type { Plugin } from 'vite';
import { moduleSwaps, type ModuleSwap } from '../moduleSwaps';
import { muiThemeWithoutCssVariables } from './muiThemeWithoutCssVariables';
import { polyglotNativeObjectMethods } from './polyglotNativeObjectMethods';
import { raCoreLightRouter } from './raCoreLightRouter';
import { reactAdminPlainTitles } from './reactAdminPlainTitles';
import { reactAdminWithoutLoginPage } from './reactAdminWithoutLoginPage';
import { treeShakeableReactRouter } from './reactRouterTreeShaking';

export const SWAPS: ModuleSwap[] = [
  raCoreLightRouter,
  muiThemeWithoutCssVariables,
  reactAdminWithoutLoginPage,
  reactAdminPlainTitles,
  ...polyglotNativeObjectMethods,
];

/** The name of the transform in ./reactRouterTreeShaking.ts, for PERCORSO_SWAPS_OFF. */
const TREE_SHAKING = 'tree-shakeable react-router';

/** The swaps as Vite plugins, less those PERCORSO_SWAPS_OFF names. */
export function swapPlugins(
  off = new Set((process.env.PERCORSO_SWAPS_OFF ?? '').split(',').filter(Boolean)),
): Plugin[] {
  const plugins = [moduleSwaps(SWAPS.filter((swap) => !off.has(swap.name)))];
  if (!off.has(TREE_SHAKING)) plugins.push(treeShakeableReactRouter());
  return plugins;
}
