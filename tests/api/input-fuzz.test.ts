import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createDb, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { makeSession, makeTeam } from './backoffice-fixtures.js';
import { databases, useTestApp } from './helpers.js';

/**
 * Generated input on every API write route and list query: whatever arrives, the answer is never a
 * 5xx, and a refused write leaves the database exactly as it was (no half-done write). The routes
 * are read from the application itself, so a new route is fuzzed without touching this file.
 * Bounded so the whole file stays within a few seconds per database.
 */

interface RouteInfo {
  method: string;
  url: string;
}

/** Routes whose effect on the caller's own session would starve the rest of the run. */
const SKIPPED = [/^\/api\/auth\//, /\/calendar-feed$/];

async function listRoutes(): Promise<RouteInfo[]> {
  const dir = mkdtempSync(join(tmpdir(), 'percorso-fuzz-routes-'));
  try {
    const db = await createDb({ kind: 'sqlite', path: join(dir, 'routes.db') });
    await migrateToLatest(db);
    const routes: RouteInfo[] = [];
    const config = loadConfig({
      PORT: '3999',
      DATABASE_URL: `sqlite:${join(dir, 'routes.db')}`,
      STORAGE_DIR: join(dir, 'storage'),
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      db,
      onRoute: (route) => {
        if (!route.url.startsWith('/api/') || SKIPPED.some((pattern) => pattern.test(route.url))) return;
        for (const method of [route.method].flat())
          if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
      },
    });
    await app.ready();
    await app.close();
    await db.destroy();
    return routes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Strings that have broken parsers before: prototype keys, control and bidi characters, impossible dates. */
const nastyStrings = [
  'toString',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '',
  ' ',
  'a\u0000b',
  '\u202Eevil',
  '\u2066x\u2069',
  '2025-12-31T23:59:60Z',
  '2025-02-30T10:00:00Z',
  '2025-13-01T00:00:00Z',
  '9999-99-99',
  '1e20',
  'NaN',
  '-1',
  'https://user:pass@example.com/v.mp4',
  'javascript:alert(1)',
  '/storage/../../etc/passwd',
  '%',
  '\\',
  "'",
  'null',
];
const nastyNumbers = [0, -1, 1.5, 1e20, -1e20, Number.MAX_SAFE_INTEGER, 2 ** 31, 2 ** 63];

const scalar = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.constantFrom(...nastyNumbers),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom('a', 'id', 'toString'), scalar, { maxKeys: 2 }),
);

/** Field names the API knows, so generated bodies get past the shape checks and reach the rules. */
const FIELDS = [
  'name',
  'surname',
  'email',
  'description',
  'type',
  'start_time',
  'end_time',
  'join_url',
  'join_instructions',
  'teams',
  'experts',
  'users',
  'roles',
  'permissions',
  'user_id',
  'owner_id',
  'team_id',
  'access',
  'expert_access',
  'mooc_access',
  'position',
  'video_url',
  'video_length',
  'published',
  'duration',
  'length',
  'rate',
  'drive_url',
  'state',
  'page_url',
  'repeat',
  'developer',
  'coordinator_id',
];
const body = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const QUERY_KEYS = [
  'page',
  'per_page',
  'sort',
  'filter[search]',
  'filter[name]',
  'filter[id][]',
  'filter[team_id]',
  'filter[from]',
  'filter[to]',
  'filter[developer]',
  'filter[course_id]',
];
const query = fc.dictionary(
  fc.constantFrom(...QUERY_KEYS),
  fc.oneof(
    fc.constantFrom(...nastyStrings, '1e20', '-5', '0', '99999999999999999999', 'name,-id'),
    fc.string({ maxLength: 12 }),
  ),
  { maxKeys: 4 },
);

/** Every table's rows, to compare before and after a refused write (tables of the caller's own session aside). */
async function snapshot(db: Db, kind: 'sqlite' | 'postgres'): Promise<string> {
  const tables =
    kind === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows.map((r) => r.name);
  const parts: string[] = [];
  // Not compared: the caller's own session and sign-in, and the request counters of the rate limits.
  for (const table of tables
    .filter(
      (t) =>
        !/^kysely_|^access_tokens$|^access_token_uses$|^sign_in_requests$|^used_auth_codes$|^rate_limit|_fts/.test(t),
    )
    .sort()) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    parts.push(`${table}:${JSON.stringify(rows.map((r) => JSON.stringify(r)).sort())}`);
  }
  return parts.join('\n');
}

let routes: RouteInfo[] = [];
beforeAll(async () => {
  routes = await listRoutes();
});

describe.each(databases)('generated input on every route (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('never answers 5xx, and a refused write changes nothing', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const dev = await ctx.user({}, ['developer']);
    const team = await makeTeam(ctx.db);
    const session = await makeSession(ctx.db);
    /** A real id for the resource a path segment names, so generated input reaches the rules behind the 404s. */
    const realId: Record<string, number> = {
      teams: team,
      sessions: session,
      users: dev.id,
      experts: dev.id,
      roles: 1,
      progress: dev.id,
    };
    const param = (resource: string) =>
      fc.oneof(
        fc.constant(String(realId[resource] ?? 1)),
        fc.constantFrom('0', '-1', 'abc', '1e3', '99999999999', '1.5'),
      );

    for (const route of routes) {
      const segments = route.url.split('/');
      const params = segments.map((segment, i) =>
        segment.startsWith(':') ? param(segments[i - 1] ?? '') : fc.constant(segment),
      );
      const isWrite = route.method !== 'GET';
      await fc.assert(
        fc.asyncProperty(fc.tuple(...params), body, query, async (path, payload, qs) => {
          const search = new URLSearchParams(qs as Record<string, string>).toString();
          const url = `${path.join('/')}${search ? `?${search}` : ''}`;
          const before = isWrite ? await snapshot(ctx.db, kind) : '';
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...dev.headers, 'content-type': 'application/json' },
            ...(isWrite ? { payload: JSON.stringify(payload) } : {}),
          });
          const label = `${route.method} ${url} ${isWrite ? JSON.stringify(payload) : ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (isWrite && res.statusCode >= 400)
            expect(await snapshot(ctx.db, kind), `partial write: ${label}`).toBe(before);
        }),
        { numRuns: isWrite ? 12 : 8, endOnFailure: true },
      );
    }
  }, 240_000);
});

afterAll(() => {
  routes = [];
});
