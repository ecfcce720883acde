import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type KyselyConfig,
  type LogEvent,
  type SqliteDatabase,
} from 'kysely';
import { performance } from 'node:perf_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './schema.js';
import type { DbLogger } from './logger.js';
import { migrationProvider, migrations } from './migrations/index.js';
import { WriteTracker } from './write-tracker.js';
import { SearchIndexPlugin, foldText } from './search.js';
import { describeDatabaseError, isDatabaseUnavailable } from './errors.js';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.js';
import { boundedPool } from './bounded-pool.js';
import { statementCache } from './sqlite-statements.js';

export { isDatabaseUnavailable } from './errors.js';

/**
 * DB_QUERY_TIMEOUT_SECONDS when unset. The slowest requests measured on the large benchmark seed
 * on PostgreSQL (a quarter's participation spreadsheet for every team) take about 1 s in all, so a
 * legitimate query stays far below it, while a request caught by a network cut is answered 503
 * within it rather than after minutes.
 */
export const DEFAULT_QUERY_TIMEOUT_SECONDS = 30;

/**
 * TCP keepalive on every PostgreSQL connection, probes starting after this much silence: a
 * connection waiting on a long query (a migration, which has no query bound) or idle for long (the
 * jobs lock, the change announcements) learns of a cut that dropped its packets in seconds rather
 * than hours (the system's default before the first probe).
 */
export const KEEPALIVE_IDLE_MS = 10_000;

export interface CreateDbOptions {
  /**
   * PostgreSQL: how long a query may go unanswered before it fails (503) and its connection is
   * destroyed (DB_QUERY_TIMEOUT_SECONDS); default DEFAULT_QUERY_TIMEOUT_SECONDS. Unused on SQLite.
   */
  queryTimeoutMs?: number;
  /** Told of every query and every wait for a pooled connection (the metrics, when they are on). */
  observe?: DbObserver;
}

/** What the metrics (infra/metrics.ts) learn from the database layer; nothing is measured without one. */
export interface DbObserver {
  /** One query done: how long it took, and whether it failed. */
  query(seconds: number, failed: boolean): void;
  /** PostgreSQL: how long a query waited for a connection of the pool. */
  poolWait(seconds: number): void;
  /** PostgreSQL: the pool's connection counts, read on each scrape until the returned function is called. */
  watchPool(stats: () => { total: number; idle: number; waiting: number }): () => void;
}

/** Kysely's log option for an observer: every query's duration and outcome (Kysely times them only then). */
function queryLog(observe: DbObserver | undefined): KyselyConfig['log'] {
  if (!observe) return undefined;
  return (event: LogEvent) => observe.query(event.queryDurationMillis / 1000, event.level === 'error');
}

export type Db = Kysely<Database>;
export type DatabaseUrl = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** What in-process caches need to know about a database opened by createDb. */
export interface DbRuntime {
  kind: DatabaseUrl['kind'];
  /** Writes made through this Kysely instance, per table. */
  writes: WriteTracker;
  /**
   * Grows when another connection (another process) commits a change: SQLite's data_version.
   * Always 0 on PostgreSQL, where other processes' writes are not visible to us. Read once per
   * event-loop turn and per request (see forgetExternalVersion): the caches ask several times.
   */
  externalVersion(): number;
  /**
   * A request arrived: the next externalVersion() reads the database again, and on SQLite the next
   * read starts a new read transaction, so the request sees every commit made before it came.
   */
  forgetExternalVersion(): void;
  /** True while a transaction is open on the (single) SQLite connection (not the reads' own, see readNow); false on PostgreSQL. */
  inTransaction(): boolean;
  /**
   * SQLite: runs a read at once on the connection, without Kysely's executor (its connection
   * queue, plugins and promises), when no transaction holds the connection; otherwise null, and
   * the read must go through Kysely, which waits for the transaction. The reads of one event-loop
   * turn share a read transaction (createDb). Null on PostgreSQL.
   */
  readNow(text: string, parameters: readonly unknown[]): unknown[] | null;
  /** Where connection failures are logged (the app's logger once it exists; stderr before). */
  logger: DbLogger;
  /**
   * SQLite file: moves the WAL checkpoints off the event loop (see wal-checkpointer.ts) until
   * stopped; null on PostgreSQL and in memory, which have none.
   */
  checkpointInBackground(): WalCheckpointer | null;
  /**
   * PostgreSQL: the bound on each query in milliseconds (CreateDbOptions), read as each query
   * starts; 0 = none, as while migrations run (migrateToLatest). 0 on SQLite, whose busy timeout
   * bounds its waits.
   */
  queryTimeoutMs: number;
}

const stderrLogger: DbLogger = {
  warn: (details, message) => console.error(`${message} ${JSON.stringify(details)}`),
};

/** Sends this database's connection-failure log lines to `logger` (server.ts: the app's logger). */
export function setDatabaseLogger(db: Db, logger: DbLogger): void {
  const runtime = runtimes.get(db);
  if (runtime) runtime.logger = logger;
}

const runtimes = new WeakMap<Db, DbRuntime>();

/** The runtime of a database opened by createDb (undefined for any other Kysely instance). */
export function runtimeOf(db: Db): DbRuntime | undefined {
  return runtimes.get(db);
}

/** PostgreSQL's timestamp text (`2026-11-23 09:30:00.123456+00`) as `2026-11-23T09:30:00.123Z`. */
export function isoTimestamp(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?(?:([+-]\d{2})(?::?(\d{2}))?(?::?\d{2})?)?$/.exec(
    text,
  );
  if (!m) return text;
  const millis = (m[3] ?? '').slice(0, 3).padEnd(3, '0');
  const zone = m[4] ? `${m[4]}:${m[5] ?? '00'}` : 'Z';
  const date = new Date(`${m[1]}T${m[2]}.${millis}${zone}`);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
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

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE). A transaction begun
 * plainly reads first and asks for the lock at its first write: if another process (WORKERS, a
 * second server on the file) committed in between, SQLite refuses the upgrade at once, without
 * the busy timeout, and the request answered 503 after a few milliseconds. Waiting at the start
 * lets the busy timeout do its work, and the transaction then reads what the other one wrote.
 *
 * SQLite also ends a transaction by itself on some errors (a full disk, an I/O error); the rollback
 * that follows then fails with "no transaction is active" and would hide the error that matters.
 */
class SqliteDriverKeepingTheCause extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      if (!(error instanceof Error && /no transaction is active/.test(error.message))) throw error;
    }
  }
}

class SqliteDialectKeepingTheCause extends SqliteDialect {
  constructor(private readonly settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingTheCause(this.settings);
  }
}

export async function createDb(url: DatabaseUrl, options: CreateDbOptions = {}): Promise<Db> {
  if (url.kind === 'sqlite') {
    const { SQLite, sqliteDriverPath } = await import('./sqlite-driver.js');
    if (url.path !== ':memory:') mkdirSync(dirname(url.path), { recursive: true });
    const sqlite = new SQLite(url.path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Accent- and case-insensitive search (db/search.ts): the fold PostgreSQL has as a SQL function.
    sqlite.function('percorso_fold', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? foldText(value) : value,
    );
    const writes = new WriteTracker();
    const prepared = statementCache(sqlite);
    // The reads run at once (readNow, data_version) share one read transaction per event-loop
    // turn: outside a transaction every statement takes and releases SQLite's file locks (system
    // calls that cost more than a short query). Anything sent through Kysely (a write, a
    // transaction, any other query) first ends it, so writes commit as they always did, and so
    // does a request's arrival (forgetExternalVersion): a request sees every commit made before it.
    const begin = sqlite.prepare('begin');
    const commit = sqlite.prepare('commit');
    let turnReads = false;
    const endTurnReads = () => {
      if (!turnReads) return;
      turnReads = false;
      if (sqlite.inTransaction) commit.run();
    };
    /** Runs `read` in this turn's read transaction; null inside another transaction. */
    const readInTurn = <T>(read: () => T): T | null => {
      if (!turnReads) {
        if (sqlite.inTransaction) return null;
        begin.run();
        turnReads = true;
        setImmediate(endTurnReads);
      }
      return read();
    };
    const statements: SqliteDatabase = {
      close: () => {
        endTurnReads();
        sqlite.close();
      },
      prepare: (text: string) => {
        endTurnReads();
        return prepared(text);
      },
    };
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    const readDataVersion = () => Number(dataVersion.get());
    // A version read earlier in this turn is as good as a new one: nothing of ours ran between.
    let turnVersion: number | undefined;
    const forgetTurnVersion = () => {
      turnVersion = undefined;
    };
    const db = new Kysely<Database>({
      dialect: new SqliteDialectKeepingTheCause({ database: statements }),
      plugins: [new SearchIndexPlugin(), writes],
      log: queryLog(options.observe),
    });
    const readNow = (text: string, parameters: readonly unknown[]) => readInTurn(() => prepared(text).all(parameters));
    const observe = options.observe;
    /** The reads run at once are timed here: they do not go through Kysely. */
    const timedReadNow = (text: string, parameters: readonly unknown[]) => {
      const started = performance.now();
      let rows: unknown[] | null = null;
      let failed = true;
      try {
        rows = readNow(text, parameters);
        failed = false;
        return rows;
      } finally {
        // null: nothing ran (a transaction holds the connection); Kysely runs and times it.
        if (failed || rows !== null) observe!.query((performance.now() - started) / 1000, failed);
      }
    };
    const runtime: DbRuntime = {
      kind: 'sqlite',
      writes,
      externalVersion: () => {
        if (turnVersion === undefined) {
          turnVersion = readInTurn(readDataVersion) ?? readDataVersion();
          setImmediate(forgetTurnVersion);
        }
        return turnVersion;
      },
      forgetExternalVersion: () => {
        forgetTurnVersion();
        endTurnReads();
      },
      inTransaction: () => sqlite.inTransaction && !turnReads,
      readNow: observe ? timedReadNow : readNow,
      logger: stderrLogger,
      checkpointInBackground: () =>
        url.path === ':memory:'
          ? null
          : startWalCheckpointer({
              file: url.path,
              driverPath: sqliteDriverPath,
              setAutoCheckpoint: (pages) => {
                if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${pages}`);
              },
              log: runtime.logger,
            }),
      queryTimeoutMs: 0,
    };
    runtimes.set(db, runtime);
    return db;
  }
  const pg = await import('pg');
  const Pool = pg.default.Pool;
  // BIGINT and COUNT come back as strings by default; our counts and ms clocks fit in a double.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  // Native types (migration 003) read back as SQLite stores them, so the API answers the same:
  // timestamps as ISO 8601 UTC with milliseconds, flags as 0/1, dates as YYYY-MM-DD.
  pg.default.types.setTypeParser(1184, isoTimestamp);
  pg.default.types.setTypeParser(1114, isoTimestamp);
  pg.default.types.setTypeParser(16, (v: string) => (v === 't' ? 1 : 0));
  pg.default.types.setTypeParser(1082, (v: string) => v);
  const writes = new WriteTracker();
  const pool = new Pool({
    connectionString: url.url,
    max: 10,
    // An unreachable server fails a request in seconds (503) instead of holding it open.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
  });
  const runtime: DbRuntime = {
    kind: 'postgres',
    writes,
    externalVersion: () => 0,
    forgetExternalVersion: () => {},
    inTransaction: () => false,
    readNow: () => null,
    logger: stderrLogger,
    checkpointInBackground: () => null,
    queryTimeoutMs: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_SECONDS * 1000,
  };
  // Every query is bounded, and a connection left without an answer is destroyed (bounded-pool.ts).
  const observe = options.observe;
  const dialect = new PostgresDialect({
    pool: boundedPool(pool, () => runtime.queryTimeoutMs, observe && ((seconds) => observe.poolWait(seconds))),
  });
  const db = new Kysely<Database>({ dialect, plugins: [writes], log: queryLog(observe) });
  runtimes.set(db, runtime);
  if (observe) {
    const unwatch = observe.watchPool(() => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    const end = pool.end.bind(pool);
    pool.end = (() => {
      unwatch();
      return end();
    }) as typeof pool.end;
  }
  // A connection the server closes (a restart, pg_terminate_backend, a network cut) makes its
  // client emit 'error'; without a listener Node ends the process. Idle clients are then dropped by
  // the pool (which re-emits the error here); a client in use fails its query, and the pool
  // discards it on release. The next request opens a fresh connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // Dates without a zone (e.g. '2026-11-23') compare as UTC days, whatever the server's zone.
    client.query("set time zone 'UTC'").catch(() => {});
    client.on('error', (error: Error) => {
      runtime.logger.warn({ err: error }, `database connection lost: ${describeDatabaseError(error)}`);
    });
  });
  return db;
}

export function isPostgresDb(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

/**
 * Refuses a database that cannot be written (a read-only file or folder, a read-only replica or
 * role): better a clear message at start than a 503 on the first write.
 */
export async function assertWritable(db: Db): Promise<void> {
  try {
    if (isPostgresDb(db)) {
      const { rows } = await sql<{
        read_only: string;
      }>`select current_setting('transaction_read_only') as read_only`.execute(db);
      if (rows[0]?.read_only === 'on')
        throw new Error('the connection is read-only (a replica, or default_transaction_read_only)');
    } else {
      // Taking the write lock needs write access to the file and its folder; nothing is written.
      await sql`begin immediate`.execute(db);
      await sql`rollback`.execute(db);
    }
  } catch (error) {
    throw new Error(`il database non accetta scritture: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  await assertWritable(db);
  // Pin Kysely's bookkeeping tables to the current schema: otherwise it may find another schema's
  // (e.g. a parallel test file's) kysely_migration table and skip creating its own.
  const schema = isPostgresDb(db)
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  // Migration numbers are handed out to work done in parallel: one may land after a higher one ran.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableSchema: schema,
    allowUnorderedMigrations: true,
  });
  // No query bound while migrating: rewriting a large table may take long, and so may waiting for
  // another process's migrations (PostgreSQL serialises them). Migrations run before the process
  // serves, so no request goes without its bound meanwhile.
  const runtime = runtimeOf(db);
  const bound = runtime?.queryTimeoutMs ?? 0;
  if (runtime) runtime.queryTimeoutMs = 0;
  const { error, results } = await migrator.migrateToLatest().finally(() => {
    if (runtime) runtime.queryTimeoutMs = bound;
  });
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Opens the database and waits until it answers, retrying with a growing pause (0.5 s up to 5 s)
 * while the failure means "not reachable yet" (a server still starting, a container stack coming
 * up), for at most `timeoutSeconds`. Any other failure (wrong password, missing database) and the
 * end of the wait throw an error whose message says what to check.
 */
export async function openDatabase(
  url: DatabaseUrl,
  {
    timeoutSeconds,
    queryTimeoutMs,
    observe,
    log,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: {
    timeoutSeconds: number;
    /** CreateDbOptions.queryTimeoutMs. */
    queryTimeoutMs?: number;
    /** CreateDbOptions.observe. */
    observe?: DbObserver;
    log: (message: string) => void;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<Db> {
  const started = Date.now();
  let pause = 500;
  let attempt = 0;
  for (;;) {
    attempt++;
    let db: Db | undefined;
    try {
      db = await createDb(url, { queryTimeoutMs, observe });
      await sql`select 1`.execute(db);
      if (attempt > 1) log(`Database raggiungibile (tentativo ${attempt}).`);
      return db;
    } catch (error) {
      await db?.destroy().catch(() => {});
      const waited = (Date.now() - started) / 1000;
      if (!isDatabaseUnavailable(error)) {
        throw new Error(`Database non utilizzabile: ${describeDatabaseError(error)}. Controlla DATABASE_URL.`, {
          cause: error,
        });
      }
      // The last pause is cut to the time left: the wait lasts the configured time, not less.
      const left = timeoutSeconds - waited;
      if (left <= 0) {
        throw new Error(
          `Database non raggiungibile dopo ${Math.round(waited)} s e ${attempt} tentativi ` +
            `(${describeDatabaseError(error)}). Controlla DATABASE_URL e che il database sia avviato; ` +
            `DB_CONNECT_TIMEOUT_SECONDS regola l'attesa.`,
          { cause: error },
        );
      }
      const wait = Math.min(pause, Math.ceil(left * 1000));
      log(`Database non raggiungibile (${describeDatabaseError(error)}): nuovo tentativo tra ${wait / 1000} s.`);
      await sleep(wait);
      pause = Math.min(pause * 2, 5000);
    }
  }
}

const migrated = new WeakSet<Db>();

/**
 * What /readyz reports: the database answers a trivial query and every migration this build knows
 * is applied. Once the migrations have been seen applied the check is not repeated (a running
 * process never un-applies them), so a poll costs one `select 1`.
 */
export async function readiness(db: Db): Promise<'ready' | 'migrations pending'> {
  if (migrated.has(db)) {
    await sql`select 1`.execute(db);
    return 'ready';
  }
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db).then(
    (result) => new Set(result.rows.map((row) => row.name)),
    (error: unknown) => {
      if (isDatabaseUnavailable(error)) throw error;
      return new Set<string>(); // no bookkeeping table yet: nothing migrated
    },
  );
  if (!Object.keys(migrations).every((name) => applied.has(name))) return 'migrations pending';
  migrated.add(db);
  return 'ready';
}
