import { KEEPALIVE_IDLE_MS, type DatabaseUrl } from '../db/index.js';
import type { DbLogger } from '../db/logger.js';

/**
 * The PostgreSQL advisory lock whose holder runs the background jobs: a fixed number, and the
 * schema's name hashed, so that installations in separate schemas of one database do not compete.
 */
export const BACKGROUND_JOBS_LOCK = 7_211_505;

export interface Leadership {
  /** True while this process holds the right to run the background jobs. */
  readonly leading: boolean;
  /** Gives the right up (the jobs are stopped first) and stops trying to get it. */
  stop(): Promise<void>;
}

interface Options {
  database: DatabaseUrl;
  /** SQLite: only the cluster's first worker (index 0), or a single process, runs the jobs. */
  workerIndex: number;
  log: DbLogger & { info(details: object, message: string): void };
  /** How often a process without the lock tries again (and checks its connection while leading). */
  retryMs: number;
  /**
   * PostgreSQL: how long a query on the lock's connection may go unanswered
   * (DB_QUERY_TIMEOUT_SECONDS) before the connection counts as lost.
   */
  queryTimeoutMs: number;
  onLead: () => void;
  onLose: () => Promise<void>;
}

/**
 * Runs the background jobs (attendance import, retention purges) in exactly one server process at a time.
 *
 * - PostgreSQL: the process that holds a session-level advisory lock, taken on a connection of its
 *   own; the others try again every `retryMs`. When the holder dies (or its connection does) the
 *   server releases the lock with the session, and the next try of another process takes it over.
 *   A holder that loses its connection stops its jobs before it tries again; so does one whose
 *   check goes unanswered within the query bound (a network cut that drops packets would
 *   otherwise hold the check, and the jobs, until the system gives up on the connection).
 * - SQLite (one machine): the cluster's first worker, whose replacement is again the first.
 */
export function startLeadership(options: Options): Leadership {
  let leading = false;
  let stopped = false;
  if (options.database.kind === 'sqlite') {
    if (options.workerIndex === 0) {
      leading = true;
      options.onLead();
    }
    return {
      get leading() {
        return leading;
      },
      async stop() {
        stopped = true;
        if (leading) await options.onLose();
        leading = false;
      },
    };
  }

  const url = options.database.url;
  type Client = import('pg').Client;
  let client: Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> | null = null;

  const lose = async () => {
    if (!leading) return;
    leading = false;
    options.log.warn({}, 'background jobs: lock lost, stopping them here');
    await options.onLose();
  };

  /**
   * Closes the lock's connection: the session's end releases the lock at once. A connection that
   * no longer answers may never complete the goodbye, so it is not waited for past the query bound
   * (the server frees the lock when it notices the session gone).
   */
  const dropClient = async () => {
    const old = client;
    client = null;
    if (!old) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      old.end().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.queryTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
  };

  const tryOnce = async () => {
    if (stopped) return;
    try {
      if (!client) {
        const pg = await import('pg');
        const fresh = new pg.default.Client({
          connectionString: url,
          application_name: `percorso-jobs-${process.pid}`,
          connectionTimeoutMillis: 5000,
          // pg fails a query unanswered past this; the connection is then dropped below.
          query_timeout: options.queryTimeoutMs,
          keepAlive: true,
          keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
        });
        fresh.on('error', () => {
          // The connection is gone: so is the lock. The next tick reconnects.
          if (client === fresh) {
            client = null;
            void lose();
          }
        });
        await fresh.connect();
        if (stopped) {
          await fresh.end().catch(() => {});
          return;
        }
        client = fresh;
      }
      if (leading) {
        // Still connected (a dead connection would not answer): the lock is still ours.
        await client.query('select 1');
        return;
      }
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext(current_schema())) as locked',
        [BACKGROUND_JOBS_LOCK],
      );
      if (result.rows[0]?.locked && !stopped) {
        leading = true;
        options.log.info({ pid: process.pid }, 'background jobs: this process runs them');
        options.onLead();
      }
    } catch {
      // The jobs stop first: closing the connection may take up to the query bound.
      await lose();
      await dropClient();
    }
  };

  const tick = () => {
    if (attempt || stopped) return;
    attempt = tryOnce().finally(() => {
      attempt = null;
    });
  };
  tick();
  timer = setInterval(tick, options.retryMs);
  timer.unref();

  return {
    get leading() {
      return leading;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await attempt;
      if (leading) {
        leading = false;
        await options.onLose();
      }
      // Closing the session releases the advisory lock at once.
      await dropClient();
    },
  };
}
