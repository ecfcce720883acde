/**
 * Errors that mean "the database cannot serve right now" rather than "this request is wrong":
 * the API answers them with 503 and Retry-After, and the same process serves again as soon as
 * the database is back.
 */

/** Node's socket errors met while connecting to (or talking with) PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin shutdown (pg_terminate_backend, a restart), 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, shutting down), 53300 too many connections,
 * 57014 query canceled (statement_timeout, i.e. DB_QUERY_TIMEOUT_SECONDS, or pg_cancel_backend);
 * class 08 is "connection exception".
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * SQLSTATEs that mean "not now" only when the server answers them to a new connection: 55000
 * (object not in prerequisite state) is then "database … is not currently accepting connections",
 * a database an administrator closed with ALTER DATABASE … ALLOW_CONNECTIONS false for
 * maintenance; in a query the same code is a mistake of the query's own (currval before nextval).
 */
const POSTGRES_CONNECT_CODES = new Set(['55000']);

/** Errors met while opening a connection (markConnectFailure), which POSTGRES_CONNECT_CODES applies to. */
const connectFailures = new WeakSet<object>();

/** Marks `error` as met while opening a connection to the database, and returns it. */
export function markConnectFailure<T>(error: T): T {
  if (error && typeof error === 'object') connectFailures.add(error);
  return error;
}

/** node-postgres reports a lost or unusable connection with these messages and no code. */
const POSTGRES_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * SQLite result codes (better-sqlite3 reports extended codes such as SQLITE_IOERR_WRITE): a
 * lock held past the busy timeout, a full disk, a read-only file or folder, a file that cannot
 * be opened, an I/O failure.
 */
const SQLITE_PREFIXES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
];

/** The code of DatabaseTimeoutError. */
const QUERY_TIMEOUT_CODE = 'PERCORSO_QUERY_TIMEOUT';

/**
 * A PostgreSQL query that had no answer within DB_QUERY_TIMEOUT_SECONDS (db/bounded-pool.ts): the
 * server or the network between us does not answer, and the connection it ran on is discarded.
 */
export class DatabaseTimeoutError extends Error {
  readonly code = QUERY_TIMEOUT_CODE;

  constructor(readonly timeoutMs: number) {
    super(`no answer from the database within ${timeoutMs / 1000} s (DB_QUERY_TIMEOUT_SECONDS)`);
    this.name = 'DatabaseTimeoutError';
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = codeOf(error);
  if (code) {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || code === QUERY_TIMEOUT_CODE) return true;
    if (POSTGRES_CONNECT_CODES.has(code) && connectFailures.has(error)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    if (SQLITE_PREFIXES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`))) return true;
  }
  // `connect` to a host with several addresses fails with an AggregateError of socket errors.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && POSTGRES_MESSAGES.some((m) => message.startsWith(m))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** A short description for the log: the driver's code and message. */
export function describeDatabaseError(error: unknown): string {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * A write that met another one at the same moment: refused by a unique index, or chosen by
 * PostgreSQL to give way (40P01 deadlock detected, 40001 serialization failure).
 */
export function isWriteConflict(error: unknown): boolean {
  const code = codeOf(error);
  return isUniqueViolation(error) || code === '40P01' || code === '40001';
}

/** A write refused by a unique index (PostgreSQL 23505, SQLite's unique constraint). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
