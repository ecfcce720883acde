import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PORTAL_PAGE_MODULES } from '../../../src/portal/pageModules.js';

/** One file of Vite's build manifest (dist/.vite/manifest.json), keyed by source path or chunk name. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface PagePreload {
  pattern: RegExp;
  files: string[];
  /** Files the page paints first with, named at the first render's priority (the back-office's shell). */
  firstFiles?: string[];
}

/** react-router's `/a/:id/b` as a regular expression (a parameter is one non-empty segment; a trailing slash is allowed). */
export function pathPattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

/** A chunk's file and every file it imports statically, without `skip` (which the page has already). */
function withImports(manifest: Manifest, key: string, skip: ReadonlySet<string>, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || skip.has(key) || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withImports(manifest, imported, skip, into);
}

/** `key` and every chunk it imports statically, added to `keys` (manifest keys). */
function withImportedKeys(manifest: Manifest, key: string, keys: Set<string>): Set<string> {
  if (keys.has(key) || !manifest[key]) return keys;
  keys.add(key);
  for (const imported of manifest[key].imports ?? []) withImportedKeys(manifest, imported, keys);
  return keys;
}

/** The entry and what it imports statically: index.html loads (and Vite preloads) them already. */
function entryKeys(manifest: Manifest): Set<string> {
  return withImportedKeys(manifest, 'index.html', new Set());
}

/**
 * What the entry imports dynamically, one after the other, before the first render of any page
 * (src/main.tsx): React's DOM renderer, then the app. Each runs in a task of its own; they
 * download with the entry.
 */
export const FIRST_RENDER_MODULES = ['node_modules/react-dom/client.js', 'src/renderApp.tsx'];

/** The files of FIRST_RENDER_MODULES the entry does not load already (none without a manifest that names them). */
export function firstRenderFiles(manifest: Manifest): string[] {
  const skip = entryKeys(manifest);
  const files = new Set<string>();
  for (const module of FIRST_RENDER_MODULES) withImports(manifest, module, skip, files);
  return [...files];
}

/**
 * The back-office's paths, the module that paints its shell (src/admin/AdminEntry.tsx, started by
 * src/startPage.ts) and the modules every one of its pages loads then.
 */
export const BACK_OFFICE = {
  pattern: /^\/admin(\/|$)/,
  shell: ['src/admin/AdminEntry.tsx'],
  modules: ['src/admin/AdminApp.tsx'],
};

/**
 * For each portal page, the files its module needs beyond the entry and the first render (its own chunk, the shared
 * layout's, the pieces it imports), from the build manifest; for the back-office, its shell's files
 * at the first render's priority (the shell is what it paints first) and react-admin's application
 * (on the bench's mobile profile its first screen painted 0.3-0.8 s earlier: without them, the
 * entry, then AdminEntry, then AdminApp came one after the other). Empty without a manifest.
 */
export function pagePreloads(manifest: Manifest): PagePreload[] {
  const skip = entryKeys(manifest);
  for (const module of FIRST_RENDER_MODULES) withImportedKeys(manifest, module, skip);
  const filesOf = (modules: string[], except: ReadonlySet<string> = new Set()) => {
    const files = new Set<string>();
    for (const module of modules) withImports(manifest, module, skip, files);
    return [...files].filter((file) => !except.has(file));
  };
  const shellFiles = filesOf(BACK_OFFICE.shell);
  return [
    ...Object.entries(PORTAL_PAGE_MODULES).map(([path, module]) => ({
      pattern: pathPattern(path),
      files: filesOf([`src/portal/${module}`]),
    })),
    { pattern: BACK_OFFICE.pattern, firstFiles: shellFiles, files: filesOf(BACK_OFFICE.modules, new Set(shellFiles)) },
  ];
}

/**
 * `html` with a <link rel="modulepreload"> for each file, placed after the entry's own script: the
 * first render's files at the default priority, a page's own files at low priority. The first
 * render's code is what paints first (the layout's loader), so it keeps the bandwidth (on the
 * bench's mobile profile, with the page's files at the default priority the first paint came
 * 0.1-0.7 s later; at low priority it came 0.4 s earlier than with no preload at all).
 */
export function withModulePreloads(
  html: string,
  pageFiles: readonly string[],
  firstRender: readonly string[] = [],
): string {
  if (!pageFiles.length && !firstRender.length) return html;
  const link = (file: string, priority: string) =>
    `\n    <link rel="modulepreload" crossorigin${priority} href="/${file}">`;
  const links =
    firstRender.map((file) => link(file, '')).join('') +
    pageFiles.map((file) => link(file, ' fetchpriority="low"')).join('');
  const entry = html.match(/<script type="module"[^>]*><\/script>/);
  if (!entry || entry.index === undefined) return html.replace('</head>', `${links}\n  </head>`);
  const end = entry.index + entry[0].length;
  return html.slice(0, end) + links + html.slice(end);
}

/**
 * The index.html to send for each path. Every page names the files of the first render, which the
 * entry imports only once it has run. A portal page's copy (and the back-office's) also names the
 * files that page will load, so a page opened directly (a bookmark, a reload, a link from an
 * e-mail) fetches them together with the entry instead of one round trip after it has run. A
 * visitor without a session fetches them for nothing before the redirect to the login screen;
 * everyone else saves a round trip (the back-office, two).
 */
export function pageHtml(distDir: string): (path: string) => string | null {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return () => null;
  const index = readFileSync(indexFile, 'utf8');
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const firstRender = firstRenderFiles(manifest);
  const anyPage = withModulePreloads(index, [], firstRender);
  const pages = pagePreloads(manifest).map(({ pattern, files, firstFiles = [] }) => ({
    pattern,
    html: withModulePreloads(index, files, [...firstRender, ...firstFiles]),
  }));
  return (path) => pages.find(({ pattern }) => pattern.test(path))?.html ?? anyPage;
}

/** The id of the element carrying the public configuration in a served page (src/config/publicConfigRequest.ts reads it). */
export const PUBLIC_CONFIG_ELEMENT_ID = 'percorso-config';

/**
 * `html` carrying `config` (what GET /api/config answers) as a JSON data block, so that the page
 * has it before its first render instead of one request later: the login button is ready at once,
 * its texts name the provider from the start, and no page asks for it again. A data block is not
 * a script; `<` is escaped so that no value can close the element.
 */
export function withPublicConfig(html: string, config: object): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `    <script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${json}</script>\n  `;
  const head = html.indexOf('</head>');
  return head < 0 ? html : html.slice(0, head) + block + html.slice(head);
}
