import { i18nProvider, type TranslateOptions } from '../i18n';

/**
 * i18nProvider.translate() for the app's own `app.*` keys, for the screens outside react-admin's
 * context (login, callback, loader, "Not found."): the same provider and texts as every other page.
 */
export function translateApp(key: `app.${string}`, options?: TranslateOptions): string {
  return i18nProvider.translate(key, options);
}
