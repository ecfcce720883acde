/**
 * Swap "node-polyglot native Object methods" — written for node-polyglot 2.6.0 (under
 * ra-i18n-polyglot, react-admin's i18nProvider, 5.15).
 *
 * Replaces: the es-shims polyfills node-polyglot require()s, `object.entries` and `hasown`, with the
 * native functions (Object.entries, Object.prototype.hasOwnProperty).
 *
 * Why: the polyfills and their own helper packages exist for old browsers; every browser the build
 * targets has both functions, so what runs is the same. The stand-ins are CommonJS, as the packages
 * they stand for: node-polyglot require()s them and calls the export.
 *
 * Saves: 4.6–4.8 KiB brotli of JS before first render on every route (portal and back-office),
 * measured with `npm run bench -- bundle` with and without it.
 */
import type { ModuleSwap } from '../moduleSwaps';

const fromPolyglot = (importer: string) => /[\\/]node-polyglot[\\/]/.test(importer);

export const polyglotNativeObjectMethods: ModuleSwap[] = [
  {
    name: 'node-polyglot object.entries',
    matches: (source, importer) => source === 'object.entries' && fromPolyglot(importer),
    target: '\0percorso:object-entries',
    code: 'module.exports = (object) => Object.entries(object);',
  },
  {
    name: 'node-polyglot hasown',
    matches: (source, importer) => source === 'hasown' && fromPolyglot(importer),
    target: '\0percorso:hasown',
    code: 'module.exports = (object, key) => Object.prototype.hasOwnProperty.call(object, key);',
  },
];
