import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import raItalian from '../../src/i18n/ra-it';
import { i18nProvider } from '../../src/i18n';
import { choosePlural, interpolate, translateMessage } from '../../src/i18n/translate';

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
  it('has exactly the keys of ra-language-english', () => {
    expect(Object.keys(italian).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).length).toBeGreaterThan(150);
  });

  it.each(Object.keys(english))('%s keeps the same placeholders and plural forms', (key) => {
    expect(placeholders(italian[key])).toEqual(placeholders(english[key]));
    expect(italian[key].split('||||').length).toBe(english[key].split('||||').length);
  });
});

describe('translate (Polyglot format)', () => {
  it('interpolates %{name} and leaves unknown placeholders', () => {
    expect(interpolate('Ciao, %{name} %{x}', { name: 'Mario' })).toBe('Ciao, Mario %{x}');
  });
  it('chooses the Italian plural form', () => {
    expect(choosePlural('1 elemento |||| %{smart_count} elementi', 1)).toBe('1 elemento');
    expect(choosePlural('1 elemento |||| %{smart_count} elementi', 0)).toBe('%{smart_count} elementi');
    expect(choosePlural('senza plurale', 5)).toBe('senza plurale');
  });
  it('translates with smart_count', () => {
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 3 })).toBe('3 elementi eliminati');
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 1 })).toBe('Elemento eliminato');
  });
  it('falls back to the `_` default, then to the key', () => {
    expect(translateMessage({}, 'resources.teams.name', { _: 'Team' })).toBe('Team');
    expect(i18nProvider.translate('app.missing.key')).toBe('app.missing.key');
  });
  it('knows the app texts and is Italian only', () => {
    expect(i18nProvider.translate('app.dashboard.greeting', { name: 'Anna' })).toBe('Ciao, Anna');
    expect(i18nProvider.getLocale()).toBe('it');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'it', name: 'Italiano' }]);
  });
});
