import polyglotI18nProvider from 'ra-i18n-polyglot';
import raItalian from './ra-it';
import appItalian from './it';

/** Every message of the app: react-admin's and ours. Italian is the default and only locale. */
export const italianMessages = { ...raItalian, ...appItalian };

export const i18nProvider = polyglotI18nProvider(() => italianMessages, 'it', [{ locale: 'it', name: 'Italiano' }], {
  allowMissing: true,
});
