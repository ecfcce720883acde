import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import raLanguageItalian from 'ra-language-italian';
import raItalian from '../../src/i18n/ra-it';
import { addMessages, i18nProvider } from '../../src/i18n';
import { mergeMessages } from '../../src/i18n/messageTree';
import { portalMessages } from '../../src/i18n/portal';
import { signInMessages } from '../../src/i18n/signIn';
import { translateApp } from '../../src/routing/translateApp';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = flatten(englishMessages as unknown as Tree);
const italian = flatten(raItalian as unknown as Tree);

describe('Italian react-admin messages', () => {
  it('has every key of ra-language-english, and beyond them only react-admin 3 leftovers', () => {
    expect(Object.keys(english).filter((key) => !(key in italian))).toEqual([]);
    expect(
      Object.keys(italian)
        .filter((key) => !(key in english))
        .sort(),
    ).toEqual(['ra.navigation.prev', 'ra.password.toggle_hidden', 'ra.password.toggle_visible']);
    expect(Object.keys(english).length).toBeGreaterThan(150);
  });

  it('is ra-language-italian with only the overridden keys changed', () => {
    const base = flatten(raLanguageItalian as unknown as Tree);
    const kept = Object.keys(base).filter((key) => italian[key] === base[key]);
    expect(kept.length).toBeGreaterThan(80);
    expect(italian['ra.action.edit']).toBe(base['ra.action.edit']);
    expect(italian['ra.action.delete']).toBe('Elimina');
  });

  it.each(Object.keys(english))('%s keeps the same placeholders and plural forms', (key) => {
    expect(placeholders(italian[key])).toEqual(placeholders(english[key]));
    expect(italian[key].split('||||').length).toBe(english[key].split('||||').length);
  });
});

describe('mergeMessages', () => {
  it('lays the overrides over the base at every depth without changing either', () => {
    const base = { ra: { action: { edit: 'Modifica', delete: 'Cancella' }, page: { list: '%{name}' } } };
    const overrides = { ra: { action: { delete: 'Elimina' } } };
    expect(mergeMessages(base, overrides)).toEqual({
      ra: { action: { edit: 'Modifica', delete: 'Elimina' }, page: { list: '%{name}' } },
    });
    expect(base.ra.action.delete).toBe('Cancella');
  });
});

describe('i18nProvider (ra-i18n-polyglot)', () => {
  it('interpolates %{name} and leaves unknown placeholders', () => {
    expect(i18nProvider.translate('app.dashboard.greeting', { name: 'Mario' })).toBe('Ciao, Mario');
    expect(i18nProvider.translate('ra.page.edit', { name: 'Team' })).toBe('Team %{recordRepresentation}');
  });
  it('chooses the Italian plural form with smart_count', () => {
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 3 })).toBe('3 elementi eliminati');
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 1 })).toBe('Elemento eliminato');
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 0 })).toBe('0 elementi eliminati');
  });
  it('falls back to the `_` default, then to the key', () => {
    expect(i18nProvider.translate('resources.nothing.name', { _: 'Team' })).toBe('Team');
    expect(i18nProvider.translate('app.missing.key')).toBe('app.missing.key');
  });
  it('serves the screens outside react-admin through translateApp', () => {
    expect(translateApp('app.login.button', { provider: 'Acme' })).toBe('Accedi con Acme');
  });
  it('knows the app texts and is Italian only', () => {
    expect(i18nProvider.translate('app.dashboard.greeting', { name: 'Anna' })).toBe('Ciao, Anna');
    expect(i18nProvider.getLocale()).toBe('it');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'it', name: 'Italiano' }]);
  });
});

describe('texts added later (the portal, the back-office)', () => {
  it('the sign-in catalogue has only the app texts of the screens outside the layout', () => {
    expect(signInMessages).not.toHaveProperty('ra');
    expect(signInMessages.app).not.toHaveProperty('dashboard');
    expect(signInMessages.app.a11y).not.toHaveProperty('crop');
    expect(portalMessages).toHaveProperty('ra');
  });

  it('are not in the portal catalogue, and every key is known once added', () => {
    expect(portalMessages.app).not.toHaveProperty('admin');
    expect(portalMessages).not.toHaveProperty('resources');
    // tests/unit/setup.ts added the back-office's texts.
    expect(i18nProvider.translate('app.admin.dashboard.greeting', { name: 'Anna' })).toBe('Ciao, Anna');
    addMessages({ app: { extra: { hello: 'Ciao %{name}' } } });
    expect(i18nProvider.translate('app.extra.hello', { name: 'Luca' })).toBe('Ciao Luca');
    expect(i18nProvider.translate('app.login.title')).toBe('Accedi con il tuo account');
    expect(i18nProvider.translate('app.admin.dashboard.greeting', { name: 'Anna' })).toBe('Ciao, Anna');
  });
});
