import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { buildApp, type App } from '../../server/src/app.js';
import { ErrorBody } from '../../server/src/http/schemas.js';

/**
 * Every registered /api route but the public ones answers 401 without a token, and declares its
 * response schemas. (That every route is in the API reference, with its access rule, is
 * tests/api/openapi.test.ts.) Which routes exist does not depend on the database, so SQLite alone
 * is enough here.
 */

/** The calendar feed is public too: its secret URL is the credential (calendar applications send no token). */
const PUBLIC = [
  'GET /api/openapi.json',
  'GET /api/config',
  'POST /api/auth/login',
  'POST /api/auth/callback',
  'GET /api/calendar/:file',
  'POST /api/accessibility-reports',
  'POST /api/client-errors',
];
/** The documentation page (plugins/api-docs.ts) is under /api but outside its scope: a page, not the API. */
const DOCS_PAGE = /^\/api\/docs(\/|$)/;

describe('the /api route table', () => {
  const routes: Array<{ method: string; url: string; public: boolean; response: Record<string, unknown> | undefined }> =
    [];
  let app: App;
  let db: Db;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-routes-'));
    db = await createDb({ kind: 'sqlite', path: join(dir, 'test.db') });
    await migrateToLatest(db);
    const config = loadConfig({
      PORT: '3999',
      DATABASE_URL: `sqlite:${join(dir, 'test.db')}`,
      STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-storage-')),
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({
      config,
      db,
      onRoute: (route) => {
        if (!route.url.startsWith('/api/') || DOCS_PAGE.test(route.url)) return;
        const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
        // HEAD twins of GET routes are added by Fastify itself.
        const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push({ method, url: route.url, public: isPublic, response });
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('collects the routes of every resource module', () => {
    const urls = new Set(routes.map((r) => r.url));
    for (const url of [
      '/api/user',
      '/api/teams',
      '/api/sessions',
      '/api/experts',
      '/api/roles',
      '/api/users',
      '/api/courses',
      '/api/stats',
    ]) {
      expect(urls, url).toContain(url);
    }
  });

  it('declares a response schema for every answer of every route: its success status and the shared error body', () => {
    // Fastify serializes with these schemas, and the front end takes its types from them.
    const missing = routes
      .filter(({ response }) => {
        const statuses = Object.keys(response ?? {});
        const success = statuses.some((status) => /^2\d\d$/.test(status));
        return !success || response?.['4xx'] !== ErrorBody || response?.['5xx'] !== ErrorBody;
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'use responses({ 200: … }) from server/src/http/schemas.ts').toEqual([]);
  });

  it('makes only /api/config, the reference, the sign-in routes, the calendar feed, accessibility reports and client errors public', () => {
    expect(
      routes
        .filter((r) => r.public)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('answers 401 without a token on every other route', async () => {
    const answers: string[] = [];
    for (const route of routes.filter((r) => !r.public)) {
      const url = route.url.replace(/:[A-Za-z_]\w*/g, '1');
      const res = await app.inject({ method: route.method as 'GET', url, headers: { accept: 'application/json' } });
      if (res.statusCode !== 401 || res.json().message !== 'Autenticazione richiesta.')
        answers.push(`${route.method} ${url} → ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it('answers the public routes without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    const callback = await app.inject({ method: 'POST', url: '/api/auth/callback', payload: {} });
    expect(callback.statusCode).toBe(422);
    expect(callback.json().errors.code).toEqual(['Il campo codice è obbligatorio.']);
  });
});
