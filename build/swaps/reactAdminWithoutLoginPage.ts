/**
 * Swap "react-admin without its login page" — written for ra-ui-materialui (react-admin) 5.15.4.
 *
 * Replaces: the `./auth/index.js` that react-admin's AdminUI imports, with a module that keeps its
 * auth callback page and puts, for its login page, a component that throws if it is ever rendered.
 *
 * Why: <Admin> takes its login page (a form: react-hook-form, the text and password inputs) as the
 * default of its `loginPage` prop, so it loads with the back-office's first screen although
 * Percorso passes `loginPage={false}` (src/admin/AdminApp.tsx: the sign-in is the portal's).
 *
 * Saves: 36.9 KiB brotli of JS before first render on /admin, the back-office's first screen
 * (2.0–2.3 KiB on its list pages, which load a form anyway; nothing on the portal's routes, which
 * never load react-admin's UI), measured with `npm run bench -- bundle` with and without it.
 */
import type { ModuleSwap } from '../moduleSwaps';
import { installed } from '../paths';

export const reactAdminWithoutLoginPage: ModuleSwap = {
  name: 'react-admin without its login page',
  matches: (source, importer) =>
    source === './auth/index.js' && /[\\/]ra-ui-materialui[\\/]dist[\\/]AdminUI\.js$/.test(importer),
  target: '\0percorso:react-admin-auth-without-login',
  code: `export { AuthCallback } from ${JSON.stringify(installed('ra-ui-materialui/dist/auth/AuthCallback.js'))};
export function Login() {
  throw new Error('Percorso: react-admin\\'s login page is not built into this app (<Admin loginPage={false}>); see build/swaps/reactAdminWithoutLoginPage.ts.');
}`,
};
