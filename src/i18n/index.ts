import polyglotI18nProvider from 'ra-i18n-polyglot';
import appItalian from './it';
import raItalian from './ra-it';

export const LOCALE = 'it';

/** Every message of the app: react-admin's (`ra.*`) and ours (`app.*`, `resources.*`). */
export const italianMessages = { ...raItalian, ...appItalian };

/**
 * The one i18nProvider of the portal and the back-office: Polyglot's format (`%{name}`,
 * "singolare |||| plurale" chosen by `smart_count`), Italian only. A missing key shows the `_`
 * default react-admin passes, else the key itself.
 */
export const i18nProvider = polyglotI18nProvider(() => italianMessages, LOCALE, [{ locale: LOCALE, name: 'Italiano' }], {
  allowMissing: true,
});

export type TranslateOptions = { _?: string; smart_count?: number } & Record<string, unknown>;
