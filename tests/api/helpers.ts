import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig, type Config } from '../../server/src/config.js';
import { createDb, isPostgresDb, migrateToLatest, type Db } from '../../server/src/db/index.js';
import { migrationProvider } from '../../server/src/db/migrations/index.js';
import { buildApp, type App } from '../../server/src/app.js';
import { issueToken } from '../../server/src/auth/tokens.js';
import type { NewUser } from '../../server/src/db/schema.js';
import { contractMismatches, guardResponseSchemas } from './contract-guard.js';

/**
 * The databases API tests run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * Use with `describe.each(databases)('... (%s)', (kind) => { const ctx = useTestApp(kind); ... })`.
 */
export const databases: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  /** With `listen: true`: the address the app really listens on (also its PUBLIC_URL). */
  baseUrl?: string;
  /** Creates a user (defaults filled in) and returns it with a valid bearer token. */
  user(
    overrides?: Partial<NewUser>,
    permissions?: string[],
  ): Promise<{ id: number; token: string; headers: Record<string, string> }>;
}

/** A name for a PostgreSQL schema of this run's own, dropped when the run ends (tests/api/global-setup.ts). */
export function newTestSchemaName(): string {
  return `${inject('testSchemaPrefix')}${randomBytes(6).toString('hex')}`;
}

/** A database of its own: a new SQLite file, or a new PostgreSQL schema. */
export async function isolatedDb(kind: 'sqlite' | 'postgres'): Promise<{ db: Db; url: string }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'percorso-test-'));
    const url = `sqlite:${join(dir, 'test.db')}`;
    const db = await createDb({ kind: 'sqlite', path: join(dir, 'test.db') });
    return { db, url };
  }
  // One schema per test file keeps parallel files apart on one PostgreSQL server.
  const base = process.env.TEST_DATABASE_URL!;
  const schema = newTestSchemaName();
  const admin = await createDb({ kind: 'postgres', url: base });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  await admin.destroy();
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const db = await createDb({ kind: 'postgres', url });
  // The schema itself goes when the run ends (tests/api/global-setup.ts).
  return { db, url };
}

/** Migrates a database of its own up to `name` only, to write rows as the code before the next migration did. */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const schema = isPostgresDb(db)
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: schema,
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

let roleCounter = 0;

/** Grants permissions through a fresh role (permissions are created if missing). */
export async function grant(db: Db, userId: number, permissions: string[]): Promise<void> {
  if (!permissions.length) return;
  for (const name of permissions) {
    const exists = await db.selectFrom('permissions').select('name').where('name', '=', name).executeTakeFirst();
    if (!exists) await db.insertInto('permissions').values({ name, description: name }).execute();
  }
  const role = await db
    .insertInto('roles')
    .values({ name: `test-role-${++roleCounter}`, description: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values(permissions.map((p) => ({ role_id: role.id, permission_name: p })))
    .execute();
  await db.insertInto('user_roles').values({ user_id: userId, role_id: role.id }).execute();
}

let userCounter = 0;

/** A TCP port free right now on 127.0.0.1 (for apps that must really listen). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestAppOptions {
  /**
   * Really listen on 127.0.0.1 with PUBLIC_URL set to that address (ctx.baseUrl), e.g. so the
   * server can exchange codes at its own development provider over HTTP.
   */
  listen?: boolean;
}

/**
 * `env` may be a function: it is called when the app is built (in beforeAll), so it can read
 * values from another context built before it.
 */
export function useTestApp(
  kind: 'sqlite' | 'postgres',
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: TestAppOptions = {},
): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const isolated = await isolatedDb(kind);
    const port = options.listen ? await freePort() : 3999;
    const config = loadConfig({
      PORT: String(port),
      ...(options.listen ? { HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      DATABASE_URL: isolated.url,
      STORAGE_DIR: mkdtempSync(join(tmpdir(), 'percorso-storage-')),
      LOG_LEVEL: 'silent',
      // The API's own limits are tested on purpose (tests/api/rate-limit.test.ts); elsewhere they would throttle the suite.
      API_RATE_LIMIT_PER_USER: '10000000',
      API_RATE_LIMIT_PER_ADDRESS: '10000000',
      ...(typeof env === 'function' ? env() : env),
    });
    await migrateToLatest(isolated.db);
    ctx.db = isolated.db;
    ctx.config = config;
    ctx.app = await buildApp({ config, db: isolated.db, onRoute: guardResponseSchemas });
    if (options.listen) {
      await ctx.app.listen({ host: config.host, port: config.port });
      ctx.baseUrl = config.publicUrl;
    }
    await ctx.app.ready();
    ctx.user = async (overrides = {}, permissions = []) => {
      const n = ++userCounter;
      const row = await ctx.db
        .insertInto('users')
        .values({
          name: `Nome${n}`,
          surname: `Cognome${n}`,
          email: `utente${n}-${randomBytes(3).toString('hex')}@example.test`,
          ...overrides,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await grant(ctx.db, row.id, permissions);
      // Valid for an hour of the app's clock, which tests may move (the auth hook reads it too).
      const token = await issueToken(ctx.db, row.id, 3600, new Date(ctx.app.now()));
      return { id: row.id, token, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } };
    };
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.destroy();
    // A response schema that changed an answer (dropped or coerced a field) fails the file.
    if (contractMismatches.length)
      throw new Error(`Response schemas changed the JSON:\n${contractMismatches.join('\n')}`);
  });
  return ctx;
}
