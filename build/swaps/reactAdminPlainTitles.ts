/**
 * Swap "react-admin titles without the preferences editor" — written for ra-ui-materialui
 * (react-admin) 5.15.4.
 *
 * Replaces: the editable page title (`./PageTitleConfigurable.js`) that react-admin's <Title>
 * imports, with its plain title (PageTitle), which <Title> itself shows when given
 * `preferenceKey={false}`.
 *
 * Why: the editable title makes every page title editable in react-admin's preferences editor (the
 * Inspector), and so imports that editor's text field, select and popover. Percorso has no
 * preferences editor, so a title could never be edited (nor an edited one be stored): what the
 * user sees is the same.
 *
 * Saves: 14.6 KiB brotli of JS before first render on /admin, the back-office's first screen
 * (1.1 KiB on its list pages, which load a text field and a select anyway; nothing on the portal's
 * routes, which never load react-admin's UI), measured with `npm run bench -- bundle` with and
 * without it.
 */
import type { ModuleSwap } from '../moduleSwaps';
import { installed } from '../paths';

export const reactAdminPlainTitles: ModuleSwap = {
  name: 'react-admin titles without the preferences editor',
  matches: (source, importer) =>
    source === './PageTitleConfigurable.js' &&
    /[\\/]ra-ui-materialui[\\/]dist[\\/]layout[\\/]Title\.js$/.test(importer),
  target: '\0percorso:page-title-not-editable',
  code: `import { createElement } from 'react';
import { PageTitle } from ${JSON.stringify(installed('ra-ui-materialui/dist/layout/PageTitle.js'))};
export const PageTitleConfigurable = ({ preferenceKey, ...props }) => createElement(PageTitle, props);`,
};
