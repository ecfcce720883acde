import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './schema.js';
import { migrationProvider } from './migrations/index.js';

export type Db = Kysely<Database>;
export type DatabaseUrl = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };


export function parseDatabaseUrl(value: string): DatabaseUrl {
  if (value.startsWith('sqlite:')) {
    const path = value.slice('sqlite:'.length);
    if (!path) throw new Error('DATABASE_URL: "sqlite:" needs a file path, e.g. sqlite:./data/percorso.db');
    return { kind: 'sqlite', path };
  }
  if (value.startsWith('postgres://') || value.startsWith('postgresql://')) {
    return { kind: 'postgres', url: value };
  }
  throw new Error(`DATABASE_URL must start with "sqlite:" or "postgres://" (got "${value}")`);
}

export async function createDb(url: DatabaseUrl): Promise<Db> {
  if (url.kind === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    if (url.path !== ':memory:') mkdirSync(dirname(url.path), { recursive: true });
    const sqlite = new SQLite(url.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  const pg = await import('pg');
  const Pool = pg.default.Pool;
  // BIGINT and COUNT come back as strings by default; our counts and ms clocks fit in a double.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new Pool({ connectionString: url.url, max: 10 }) }),
  });
}

export function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Pin Kysely's bookkeeping tables to the current schema: otherwise it may find another schema's
  // (e.g. a parallel test file's) kysely_migration table and skip creating its own.
  const schema = isPostgresDb(db)
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
