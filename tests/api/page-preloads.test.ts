import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BACK_OFFICE,
  FIRST_RENDER_MODULES,
  firstRenderFiles,
  pagePreloads,
  pathPattern,
  withModulePreloads,
} from '../../server/src/infra/page-preloads.js';
import { databases, useTestApp } from './helpers.js';

const INDEX =
  '<!doctype html><html lang="it"><head><title>Percorso</title>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-e2.js">\n  </head><body><div id="root"></div></body></html>';

/** A build manifest shaped as Vite writes it: the entry, the first render's two steps, a shared chunk, two pages, the back-office. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-e2.js'] },
  '_react-e2.js': { file: 'assets/react-e2.js' },
  'node_modules/react-dom/client.js': {
    file: 'assets/react-dom-client-f1.js',
    isEntry: true,
    imports: ['_react-dom-f2.js'],
  },
  '_react-dom-f2.js': { file: 'assets/react-dom-f2.js', imports: ['_react-e2.js'] },
  'src/renderApp.tsx': {
    file: 'assets/render-app-g1.js',
    isEntry: true,
    imports: ['_react-e2.js', '_app-render-g2.js'],
  },
  '_app-render-g2.js': { file: 'assets/app-render-g2.js', imports: ['_react-e2.js', '_react-dom-f2.js'] },
  '_portal-p1.js': { file: 'assets/portal-p1.js', imports: ['index.html', '_react-e2.js', '_app-render-g2.js'] },
  '_dates-d1.js': { file: 'assets/dates-d1.js', imports: ['index.html'] },
  'src/portal/team/PercorsoPage.tsx': {
    file: 'assets/PercorsoPage-a1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_portal-p1.js', '_dates-d1.js'],
  },
  'src/portal/courses/CourseListPage.tsx': {
    file: 'assets/CourseListPage-b1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_portal-p1.js'],
  },
  'src/admin/AdminEntry.tsx': { file: 'assets/AdminEntry-c1.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/admin/AdminApp.tsx': {
    file: 'assets/AdminApp-c2.js',
    isDynamicEntry: true,
    imports: ['index.html', '_portal-p1.js', '_react-admin-c3.js'],
  },
  '_react-admin-c3.js': { file: 'assets/react-admin-c3.js', imports: ['_react-e2.js'] },
};

function distWithManifest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'percorso-dist-'));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin(?: fetchpriority="low")? href="([^"]+)">/g)].map(
    (m) => m[1],
  );
/** What every page names: the entry's import, and the first render's files (at the default priority). */
const EVERY_PAGE = [
  '/assets/app-render-g2.js',
  '/assets/react-dom-client-f1.js',
  '/assets/react-dom-f2.js',
  '/assets/react-e2.js',
  '/assets/render-app-g1.js',
];
const atLowPriority = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);

describe('page preloads from the build manifest', () => {
  it('matches react-router patterns: one segment per parameter, an optional trailing slash', () => {
    const pattern = pathPattern('/percorso/:teamId/sessions/:sessionId');
    expect(pattern.test('/percorso/7/sessions/3')).toBe(true);
    expect(pattern.test('/percorso/7/sessions/3/')).toBe(true);
    expect(pattern.test('/percorso/7/sessions')).toBe(false);
    expect(pattern.test('/percorso/7/sessions/3/x')).toBe(false);
    expect(pathPattern('/courses').test('/courses-old')).toBe(false);
  });

  it("names the first render's files, which the entry imports only once it has run, and not the entry's own", () => {
    expect(firstRenderFiles(MANIFEST).sort()).toEqual([
      'assets/app-render-g2.js',
      'assets/react-dom-client-f1.js',
      'assets/react-dom-f2.js',
      'assets/render-app-g1.js',
    ]);
    expect(firstRenderFiles({ 'index.html': MANIFEST['index.html'] })).toEqual([]);
  });

  it('names the modules the entry really imports before the first render (a renamed one would silently lose its preload)', () => {
    const main = readFileSync(new URL('../../src/main.tsx', import.meta.url), 'utf8');
    expect(main).toContain("import('react-dom/client')");
    expect(main).toContain("import('./renderApp')");
    expect(FIRST_RENDER_MODULES).toEqual(['node_modules/react-dom/client.js', 'src/renderApp.tsx']);
  });

  it("names a page's own chunk and what it imports, never the entry or what the entry already loads", () => {
    const percorso = pagePreloads(MANIFEST).find(({ pattern }) => pattern.test('/percorso/1'))!;
    expect(percorso.files.sort()).toEqual(['assets/PercorsoPage-a1.js', 'assets/dates-d1.js', 'assets/portal-p1.js']);
  });

  it('names the modules the back-office really loads first (a renamed one would silently lose its preload)', () => {
    const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    for (const module of [...BACK_OFFICE.shell, ...BACK_OFFICE.modules])
      expect(existsSync(new URL(`../../${module}`, import.meta.url)), module).toBe(true);
    expect(source('src/startPage.ts')).toContain("import('./admin/AdminEntry')");
    expect(source('src/admin/AdminEntry.tsx')).toContain("import('./AdminApp')");
  });

  it('places the links after the entry script, the first render first, and leaves a page without files as it is', () => {
    const html = withModulePreloads(INDEX, ['assets/a.js'], ['assets/first.js']);
    expect(html.indexOf('/assets/first.js')).toBeGreaterThan(html.indexOf('/assets/index-e1.js'));
    expect(html.indexOf('/assets/a.js')).toBeGreaterThan(html.indexOf('/assets/first.js'));
    expect(atLowPriority(html)).toEqual(['/assets/a.js']);
    expect(withModulePreloads(INDEX, [])).toBe(INDEX);
  });
});

describe.each(databases)('a portal page opened directly (%s)', (kind) => {
  const ctx = useTestApp(kind, { DIST_DIR: distWithManifest() });
  const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it("preloads the page's files with its HTML", async () => {
    const res = await page('/percorso/12');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloaded(res.body).sort()).toEqual(
      [...EVERY_PAGE, '/assets/PercorsoPage-a1.js', '/assets/dates-d1.js', '/assets/portal-p1.js'].sort(),
    );
    expect(atLowPriority(res.body).sort()).toEqual([
      '/assets/PercorsoPage-a1.js',
      '/assets/dates-d1.js',
      '/assets/portal-p1.js',
    ]);
    expect(preloaded((await page('/courses')).body).sort()).toEqual(
      [...EVERY_PAGE, '/assets/CourseListPage-b1.js', '/assets/portal-p1.js'].sort(),
    );
  });

  it("preloads the back-office's application with every back-office page", async () => {
    const backOffice = [
      ...EVERY_PAGE,
      '/assets/AdminApp-c2.js',
      '/assets/AdminEntry-c1.js',
      '/assets/portal-p1.js',
      '/assets/react-admin-c3.js',
    ].sort();
    for (const url of ['/admin', '/admin/', '/admin/teams/3']) {
      const html = (await page(url)).body;
      expect(preloaded(html).sort(), url).toEqual(backOffice);
      // The shell paints first: its chunk comes at the first render's priority, react-admin's after it.
      expect(atLowPriority(html).sort(), url).toEqual([
        '/assets/AdminApp-c2.js',
        '/assets/portal-p1.js',
        '/assets/react-admin-c3.js',
      ]);
    }
    expect(preloaded((await page('/administration')).body).sort()).toEqual(EVERY_PAGE);
  });

  it("sends the login screen, the callback and unknown paths the first render's files only", async () => {
    for (const url of ['/', '/auth/callback', '/percorso', '/nothing/here']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(preloaded(res.body).sort(), url).toEqual(EVERY_PAGE);
      expect(atLowPriority(res.body), url).toEqual([]);
    }
  });
});
