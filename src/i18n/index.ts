import type { I18nProvider } from 'ra-core';
import raItalian from './ra-it';
import appItalian from './it';
import { translateMessage, type Messages, type TranslateOptions } from './translate';

/** Every message of the app: react-admin's and ours. */
export const italianMessages = { ...raItalian, ...appItalian } as unknown as Messages;

export const LOCALE = 'it';

/** Italian is the default and only locale. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown) => translateMessage(italianMessages, key, (options ?? {}) as TranslateOptions),
  changeLocale: async () => undefined,
  getLocale: () => LOCALE,
  getLocales: () => [{ locale: LOCALE, name: 'Italiano' }],
};
