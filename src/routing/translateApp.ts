import appItalian from '../i18n/it';
import { translateMessage, type Messages, type TranslateOptions } from '../i18n/translate';

/**
 * i18nProvider.translate() for the app's own `app.*` keys, for the screens outside react-admin's
 * context (login, callback, loader, "Not found."): the same texts, from the same file, without
 * react-admin's own messages, which only the authenticated pages need.
 */
export function translateApp(key: `app.${string}`, options?: TranslateOptions): string {
  return translateMessage(appItalian as unknown as Messages, key, options);
}
