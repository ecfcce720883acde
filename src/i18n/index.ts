import type { I18nProvider, TranslationMessages } from 'ra-core';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeMessages, type MessageTree } from './messageTree';
import { signInMessages } from './signIn';

export const LOCALE = 'it';
const LOCALES = [{ locale: LOCALE, name: 'Italiano' }];

/**
 * The sign-in screen's texts at first; each other part of the app adds its own when it loads
 * (addMessages): the portal's layout and the back-office add ./portal.ts (react-admin's and the
 * portal's), the back-office its own too, the accessibility statement its page's.
 */
let catalogue: MessageTree = signInMessages;

/**
 * Polyglot's format (`%{name}`, "singolare |||| plurale" chosen by `smart_count`), Italian only.
 * A missing key shows the `_` default react-admin passes, else the key itself.
 */
const polyglotOver = (messages: MessageTree) =>
  polyglotI18nProvider(() => messages as unknown as TranslationMessages, LOCALE, LOCALES, {
    allowMissing: true,
  });

let current = polyglotOver(catalogue);

/** The one i18nProvider of the portal and the back-office. */
export const i18nProvider: I18nProvider = {
  translate: (key, options) => current.translate(key, options),
  changeLocale: (locale, options) => current.changeLocale(locale, options),
  getLocale: () => current.getLocale(),
  getLocales: () => current.getLocales?.() ?? LOCALES,
};

/**
 * Adds the texts of a part of the app that loads later: every translate() from then on knows
 * them. Synchronous, so the part's first render already has its texts.
 */
export function addMessages(messages: MessageTree): void {
  catalogue = mergeMessages(catalogue, messages);
  current = polyglotOver(catalogue);
}

export type TranslateOptions = { _?: string; smart_count?: number } & Record<string, unknown>;
