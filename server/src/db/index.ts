import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './schema.js';
import { migrationProvider } from './migrations/index.js';
import { WriteTracker } from './write-tracker.js';

export type Db = Kysely<Database>;
export type DatabaseUrl = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** What in-process caches need to know about a database opened by createDb. */
export interface DbRuntime {
  kind: DatabaseUrl['kind'];
  /** Writes made through this Kysely instance, per table. */
  writes: WriteTracker;
  /**
   * Grows when another connection (another process) commits a change: SQLite's data_version.
   * Always 0 on PostgreSQL, where other processes' writes are not visible to us.
   */
  externalVersion(): number;
  /** True while a transaction is open on the (single) SQLite connection; false on PostgreSQL. */
  inTransaction(): boolean;
}

const runtimes = new WeakMap<Db, DbRuntime>();

/** The runtime of a database opened by createDb (undefined for any other Kysely instance). */
export function runtimeOf(db: Db): DbRuntime | undefined {
  return runtimes.get(db);
}

/** Distinct SQL texts kept prepared (IN lists of every length each make their own text). */
const STATEMENT_CACHE_SIZE = 2000;

/**
 * better-sqlite3 behind Kysely, with prepared statements reused by SQL text: Kysely's driver
 * prepares every query again, which costs more than running most of ours.
 */
function cachingStatements(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      // A statement still being iterated (a streamed query) cannot run twice at once.
      if (statement && !statement.busy) return statement;
      statement = sqlite.prepare(text);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}


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
    const writes = new WriteTracker();
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }), plugins: [writes] });
    runtimes.set(db, { kind: 'sqlite', writes, externalVersion: () => Number(dataVersion.get()), inTransaction: () => sqlite.inTransaction });
    return db;
  }
  const pg = await import('pg');
  const Pool = pg.default.Pool;
  // BIGINT and COUNT come back as strings by default; our counts and ms clocks fit in a double.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  const writes = new WriteTracker();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new Pool({ connectionString: url.url, max: 10 }) }),
    plugins: [writes],
  });
  runtimes.set(db, { kind: 'postgres', writes, externalVersion: () => 0, inTransaction: () => false });
  return db;
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
