import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE, pagePreloads, pathPattern, withModulePreloads } from '../../server/src/lib/page-preloads.js';
import { databases, useTestApp } from './helpers.js';

const INDEX = '<!doctype html><html lang="it"><head><title>Percorso</title>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-e2.js">\n  </head><body><div id="root"></div></body></html>';

/** A build manifest shaped as Vite writes it: the entry, a shared chunk, two pages, the back-office. */
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-e2.js'] },
  '_react-e2.js': { file: 'assets/react-e2.js' },
  '_portal-p1.js': { file: 'assets/portal-p1.js', imports: ['index.html', '_react-e2.js'] },
  '_dates-d1.js': { file: 'assets/dates-d1.js', imports: ['index.html'] },
  'src/portal/team/PercorsoPage.tsx': { file: 'assets/PercorsoPage-a1.js', isDynamicEntry: true, imports: ['index.html', '_portal-p1.js', '_dates-d1.js'] },
  'src/portal/courses/CourseListPage.tsx': { file: 'assets/CourseListPage-b1.js', isDynamicEntry: true, imports: ['index.html', '_portal-p1.js'] },
  'src/admin/AdminEntry.tsx': { file: 'assets/AdminEntry-c1.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/admin/AdminApp.tsx': { file: 'assets/AdminApp-c2.js', isDynamicEntry: true, imports: ['index.html', '_portal-p1.js', '_react-admin-c3.js'] },
  '_react-admin-c3.js': { file: 'assets/react-admin-c3.js', imports: ['_react-e2.js'] },
};

function distWithManifest(): string {
  const dir = mkdtempSync(join(tmpdir(), 'percorso-dist-'));
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

const preloaded = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin(?: fetchpriority="low")? href="([^"]+)">/g)].map((m) => m[1]);

describe('page preloads from the build manifest', () => {
  it('matches react-router patterns: one segment per parameter, an optional trailing slash', () => {
    const pattern = pathPattern('/percorso/:teamId/sessions/:sessionId');
    expect(pattern.test('/percorso/7/sessions/3')).toBe(true);
    expect(pattern.test('/percorso/7/sessions/3/')).toBe(true);
    expect(pattern.test('/percorso/7/sessions')).toBe(false);
    expect(pattern.test('/percorso/7/sessions/3/x')).toBe(false);
    expect(pathPattern('/courses').test('/courses-old')).toBe(false);
  });

  it("names a page's own chunk and what it imports, never the entry or what the entry already loads", () => {
    const percorso = pagePreloads(MANIFEST).find(({ pattern }) => pattern.test('/percorso/1'))!;
    expect(percorso.files.sort()).toEqual(['assets/PercorsoPage-a1.js', 'assets/dates-d1.js', 'assets/portal-p1.js']);
  });

  it('names the modules the back-office really loads first (a renamed one would silently lose its preload)', () => {
    const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    for (const module of BACK_OFFICE.modules) expect(existsSync(new URL(`../../${module}`, import.meta.url)), module).toBe(true);
    expect(source('src/App.tsx')).toContain("import('./admin/AdminEntry')");
    expect(source('src/admin/AdminEntry.tsx')).toContain("import('./AdminApp')");
  });

  it('places the links after the entry script, and leaves a page without files as it is', () => {
    const html = withModulePreloads(INDEX, ['assets/a.js']);
    expect(html.indexOf('/assets/a.js')).toBeGreaterThan(html.indexOf('/assets/index-e1.js'));
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
    expect(preloaded(res.body).sort()).toEqual(['/assets/PercorsoPage-a1.js', '/assets/dates-d1.js', '/assets/portal-p1.js', '/assets/react-e2.js']);
    expect(preloaded((await page('/courses')).body).sort()).toEqual(['/assets/CourseListPage-b1.js', '/assets/portal-p1.js', '/assets/react-e2.js']);
  });

  it("preloads the back-office's application with every back-office page", async () => {
    const backOffice = ['/assets/AdminApp-c2.js', '/assets/AdminEntry-c1.js', '/assets/portal-p1.js', '/assets/react-admin-c3.js', '/assets/react-e2.js'];
    for (const url of ['/admin', '/admin/', '/admin/teams/3']) {
      expect(preloaded((await page(url)).body).sort(), url).toEqual(backOffice);
    }
    expect(preloaded((await page('/administration')).body)).toEqual(['/assets/react-e2.js']);
  });

  it('sends the plain index.html to the login screen, the callback and unknown paths', async () => {
    for (const url of ['/', '/auth/callback', '/percorso', '/nothing/here']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(preloaded(res.body), url).toEqual(['/assets/react-e2.js']);
    }
  });
});
