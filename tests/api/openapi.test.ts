import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { migrateToLatest, type Db } from '../../server/src/db/index.js';
import { buildApp, type App } from '../../server/src/app.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import { isPermissionName } from '../../server/src/access/permissions.js';
import { RELATIONS } from '../../server/src/access/relations.js';
import { renderApiPermissions, type ReferenceDocument } from '../../scripts/api-docs/render.js';
import { databases, grant, isolatedDb } from './helpers.js';

/**
 * The API reference (GET /api/openapi.json, /api/docs): a valid OpenAPI 3.1 document that lists
 * exactly the routes the server has, each with the access rule the server enforces, and the
 * generated docs/API-PERMISSIONS.md in step with it.
 */

/**
 * What the server serves that is not the API: the pages (the SPA's fallback, its icon, its static
 * files, listed apart), the documentation page itself, the development identity provider, and the static files
 * under /storage (the uploaded images under /storage are in the reference).
 */
const OUTSIDE_REFERENCE = [
  /^\/\*$/,
  /^\/favicon\.ico$/,
  /^\/api\/docs(\/|$)/,
  /^\/idp(\/|$)/,
  /^\/storage\/\*$/,
  /^\/storage\/videos\/\*$/,
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The front end's built files (dist/, when built), each served by a route of its own. */
function builtFiles(distDir: string): Set<string> {
  if (!existsSync(distDir)) return new Set();
  const entries = readdirSync(distDir, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((e) => e.isFile())
      .map((e) => `/${relative(distDir, join(e.parentPath, e.name)).split('\\').join('/')}`),
  );
}

interface Operation {
  'x-permission'?: string | string[];
  'x-relation'?: string;
  description?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string }>;
}
type Document = ReferenceDocument & {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

/** `/api/teams/:id`, `/api/teams/{id}` and `/storage/teams/*` all read `/api/teams/{}`. */
function normalise(path: string): string {
  return path.replace(/\{[^}]+\}|:[A-Za-z_]\w*|\*$/g, '{}');
}

function operations(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method.toUpperCase()))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${normalise(path)}`, path, method, operation })),
  );
}

describe.each(databases)('the API reference (%s)', (kind) => {
  const routes: RouteOptions[] = [];
  let app: App;
  let db: Db;
  let document: Document;
  let users = 0;
  let pageFiles = new Set<string>();

  /** A new user holding `permissions`, with the headers of their bearer token. */
  async function caller(permissions: string[] = []) {
    const row = await db
      .insertInto('users')
      .values({
        name: `Nome${++users}`,
        surname: 'Cognome',
        email: `openapi${users}-${randomBytes(3).toString('hex')}@example.test`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await grant(db, row.id, permissions);
    const token = await issueToken(db, row.id, 3600, new Date(app.now()));
    return { authorization: `Bearer ${token}`, accept: 'application/json' };
  }

  beforeAll(async () => {
    const isolated = await isolatedDb(kind);
    db = isolated.db;
    await migrateToLatest(db);
    const config = loadConfig({
      PORT: '3999',
      DATABASE_URL: isolated.url,
      STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-storage-')),
      LOG_LEVEL: 'silent',
      API_RATE_LIMIT_PER_USER: '10000000',
      API_RATE_LIMIT_PER_ADDRESS: '10000000',
    });
    app = await buildApp({ config, db, onRoute: (route) => void routes.push(route) });
    pageFiles = builtFiles(config.distDir);
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists exactly the routes the server has, outside the pages and the development provider', () => {
    const served = new Set<string>();
    for (const route of routes) {
      if (OUTSIDE_REFERENCE.some((pattern) => pattern.test(route.url)) || pageFiles.has(route.url)) continue;
      // HEAD twins of GET routes are Fastify's own.
      for (const method of [route.method].flat())
        if (method !== 'HEAD') served.add(`${method} ${normalise(route.url)}`);
    }
    const listed = operations(document).map((o) => o.key);
    expect(new Set(listed).size, 'no route listed twice').toBe(listed.length);
    expect([...served].filter((route) => !listed.includes(route)).sort(), 'served but not listed').toEqual([]);
    expect(listed.filter((route) => !served.has(route)).sort(), 'listed but not served').toEqual([]);
    // The routes every resource module brings are there.
    for (const route of [
      'GET /api/teams',
      'GET /api/user',
      'POST /api/sessions',
      'GET /healthz',
      'GET /storage/teams/{}',
    ])
      expect(listed).toContain(route);
  });

  it('gives every route the access rule its options declare, as text and as x-permission', () => {
    const declared = new Map<string, RouteOptions['config']>();
    for (const route of routes)
      for (const method of [route.method].flat()) declared.set(`${method} ${normalise(route.url)}`, route.config);
    const problems: string[] = [];
    for (const { key, operation } of operations(document)) {
      const config = declared.get(key) ?? {};
      const marker = operation['x-permission'];
      const expected =
        config.permission ?? (config.public ? 'public' : config.signedIn || config.relation ? 'signed-in' : undefined);
      if (expected === undefined)
        problems.push(`${key}: declares no access (config.permission, relation, signedIn or public)`);
      else if (JSON.stringify(marker) !== JSON.stringify(expected))
        problems.push(`${key}: x-permission ${String(marker)}`);
      for (const name of [marker ?? []].flat())
        if (name !== 'public' && name !== 'signed-in' && !isPermissionName(name))
          problems.push(`${key}: unknown ${name}`);
      if (operation['x-relation'] !== config.relation) problems.push(`${key}: x-relation ${operation['x-relation']}`);
      if (operation['x-relation'] && !Object.hasOwn(RELATIONS, operation['x-relation']))
        problems.push(`${key}: unknown relation`);
      if (!operation.description?.startsWith('Access: ')) problems.push(`${key}: no access text`);
      if (config.relation && !operation.description?.includes(RELATIONS[config.relation]))
        problems.push(`${key}: the relation's rule is not in the text`);
    }
    expect(problems).toEqual([]);
  });

  it('declares the error answers once, the 422 with its field messages among them', () => {
    const { schemas, responses } = document.components;
    expect(schemas.ValidationError).toMatchObject({
      type: 'object',
      required: ['message', 'errors'],
      properties: { errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
    });
    expect(responses.ValidationFailed).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
    });
    const problems: string[] = [];
    for (const { key, path, operation } of operations(document)) {
      const { responses: answers } = operation;
      if (!path.startsWith('/api/')) continue;
      for (const status of ['4XX', '5XX'])
        if (answers[status]?.$ref !== '#/components/responses/Error') problems.push(`${key}: ${status}`);
      const validates = Boolean(operation.parameters?.length || operation.requestBody);
      if (validates && answers['422']?.$ref !== '#/components/responses/ValidationFailed') problems.push(`${key}: 422`);
      const isPublic = operation['x-permission'] === 'public';
      if (!isPublic && answers['401']?.$ref !== '#/components/responses/Unauthorized') problems.push(`${key}: 401`);
    }
    expect(problems).toEqual([]);
    // The error body is written out once, under components, not in every route.
    expect(JSON.stringify(document.paths)).not.toContain('"reason"');
  });

  it('names the permission the server enforces: 403 without it, past the check with it', async () => {
    const problems: string[] = [];
    const guarded = operations(document).filter(({ operation }) => {
      const marker = operation['x-permission'];
      return marker !== undefined && marker !== 'public' && marker !== 'signed-in';
    });
    expect(guarded.length).toBeGreaterThan(40);
    const nobody = await caller();
    for (const { key, path, method } of guarded) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url, headers: nobody, payload: {} });
      if (res.statusCode !== 403) problems.push(`${key} without the permission → ${res.statusCode}`);
    }
    for (const { key, path, method, operation } of guarded) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const headers = await caller([[operation['x-permission']!].flat()[0]]);
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url, headers, payload: {} });
      if (res.statusCode === 401 || res.statusCode === 403)
        problems.push(`${key} with the permission → ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it('lets any signed-in caller through the routes marked signed-in without a relation', async () => {
    const problems: string[] = [];
    for (const { key, path, method, operation } of operations(document)) {
      if (operation['x-permission'] !== 'signed-in' || operation['x-relation']) continue;
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url: path, headers: await caller() });
      if (res.statusCode >= 400) problems.push(`${key} → ${res.statusCode}`);
    }
    expect(problems).toEqual([]);
  });

  it('serves the documentation page with the pages’ Content-Security-Policy, and its files', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const portal = await app.inject({ method: 'GET', url: '/accessibilita', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toBe(portal.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
      const res = await app.inject({ method: 'GET', url: `/api/docs/static/${file}` });
      expect(res.statusCode, file).toBe(200);
    }
    // The page reads the same document as GET /api/openapi.json.
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(document);
    // Every other /api answer keeps the API's own policy.
    const api = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(api.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('matches the committed docs/API-PERMISSIONS.md (regenerate it with npm run docs:api)', () => {
    const committed = readFileSync(new URL('../../docs/API-PERMISSIONS.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderApiPermissions(document));
  });
});
