/**
 * Swap "MUI theme without CSS variables" — written for @mui/material 9.5.0.
 *
 * Replaces: the CSS-variables theme builder (createThemeWithVars) that @mui/material's createTheme()
 * imports, with a module that throws if it is ever reached.
 *
 * Why: createTheme() only uses that builder for themes created with `cssVariables` or
 * `colorSchemes`, but every MUI component reaches createTheme() through its default theme, so the
 * builder sits on every page. Percorso's theme (src/theme.ts) and react-admin's use neither option.
 * If a theme ever asks for them, the build still passes and the page fails loudly at once.
 *
 * Saves: 3.5–3.6 KiB brotli of JS before first render on every portal route (3.4–3.5 KiB on the
 * back-office's), measured with `npm run bench -- bundle` with and without it.
 */
import type { ModuleSwap } from '../moduleSwaps';

export const muiThemeWithoutCssVariables: ModuleSwap = {
  name: 'MUI theme without CSS variables',
  matches: (source, importer) =>
    source === './createThemeWithVars.mjs' && /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer),
  target: '\0percorso:no-css-variables-theme',
  code: `export default function createThemeWithVars() {
  throw new Error('Percorso: MUI themes with CSS variables (cssVariables, colorSchemes) are not built into this app; see build/swaps/muiThemeWithoutCssVariables.ts.');
}`,
};
