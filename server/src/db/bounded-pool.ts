import { performance } from 'node:perf_hooks';
import type { Pool, PoolClient } from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { DatabaseTimeoutError, markConnectFailure } from './errors.js';

/**
 * pg's pool as Kysely's PostgresDialect takes it, with a bound on every query: a query without an
 * answer after `timeoutMs()` milliseconds (0: no bound) fails with DatabaseTimeoutError, which the
 * API answers with 503, and its connection is destroyed instead of going back to the pool.
 *
 * Behind a network cut that drops packets without a reset, a pooled connection waits for its
 * answer until the operating system gives up on TCP, minutes later. Failing the query alone is not
 * enough: the connection would go back to the pool still waiting for the lost answer, and the next
 * request that picks it would wait behind it. A destroyed connection is replaced by a fresh one,
 * which connects as soon as the network is back, or fails within the connection timeout while it
 * is not.
 *
 * The connections that were idle in the pool when a query went unanswered are likely to have lost
 * their way to the server too (the same cut, or a firewall or NAT that forgot them): they are
 * destroyed when next taken out of the pool, and another connection is taken.
 *
 * The server applies the same bound (`statement_timeout`, set on each connection before its first
 * query and whenever the bound changes): a query that is merely slow is cancelled by PostgreSQL
 * itself, so it stops using the server's CPU and locks, and its connection stays usable. The
 * timer here fires a little later (SERVER_FIRST_MS) and so only ends waits the server cannot end:
 * an answer lost on the network.
 */
/** How much longer than the server's statement_timeout the client waits for an answer. */
export const SERVER_FIRST_MS = 1000;

/** The statements Kysely opens and ends a transaction with (savepoints stay inside one). */
const TRANSACTION_START = /^\s*(?:begin|start\s+transaction)\b/i;
const TRANSACTION_END = /^\s*(?:commit|rollback|end|abort)\s*;?\s*$/i;

export function boundedPool(
  pool: Pool,
  timeoutMs: () => number,
  /** Told how long each query waited for a connection (seconds): the metrics, when they are on. */
  onWait?: (seconds: number) => void,
): PostgresPool {
  const clients = new WeakMap<PoolClient, BoundedClient>();
  const state = { timeouts: 0 };
  const take = onWait
    ? async () => {
        const started = performance.now();
        try {
          return await pool.connect();
        } finally {
          onWait((performance.now() - started) / 1000);
        }
      }
    : () => pool.connect();
  return {
    async connect() {
      for (;;) {
        // A refusal to open a session (a database closed to connections) reads as an outage.
        const client = await take().catch((error: unknown) => {
          throw markConnectFailure(error);
        });
        let bounded = clients.get(client);
        if (!bounded) {
          bounded = new BoundedClient(client, timeoutMs, state);
          clients.set(client, bounded);
        } else if (bounded.idleSince < state.timeouts) {
          // pg-pool destroys a client released with an error instead of keeping it.
          client.release(new Error('idle while another query of this pool went unanswered'));
          continue;
        }
        return bounded;
      }
    },
    end: () => pool.end(),
  };
}

class BoundedClient implements PostgresPoolClient {
  /** The timeout that made this connection unusable: every later query fails with it at once. */
  #failure: DatabaseTimeoutError | null = null;
  /** The pool's count of unanswered queries when this client was last released (or created). */
  idleSince: number;
  /** The statement_timeout (ms) this connection's session has, once set here. */
  #serverBound: number | undefined;
  /** Between `begin` and `commit`/`rollback`: no SET then, since a rollback would undo it. */
  #inTransaction = false;

  constructor(
    private readonly client: PoolClient,
    private readonly timeoutMs: () => number,
    private readonly state: { timeouts: number },
  ) {
    this.idleSince = state.timeouts;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely sends a cursor only when the dialect has one (createDb sets none): nothing streams.
    if (typeof sql !== 'string') throw new Error('streamed queries are not set up on PostgreSQL');
    // A rollback after the timeout, in the same transaction, would wait behind the lost answer.
    if (this.#failure) return Promise.reject(this.#failure);
    const ms = this.timeoutMs();
    const answer = this.#withServerBound(
      ms,
      sql,
      () => this.client.query(sql, [...parameters]) as unknown as Promise<PostgresQueryResult<R>>,
    );
    if (ms <= 0) return answer;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#failure = new DatabaseTimeoutError(ms);
        this.state.timeouts++;
        reject(this.#failure);
      }, ms + SERVER_FIRST_MS);
      answer.then(
        (result) => {
          clearTimeout(timer);
          resolve(result);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  /**
   * Runs `statement` once the session's statement_timeout is `ms` (0: none). The SET is made only
   * outside a transaction, where nothing can roll it back: a bound that changes while a
   * transaction is open (only around migrations) reaches the server after it ends.
   */
  #withServerBound<T>(ms: number, statement: string, query: () => Promise<T>): Promise<T> {
    if (TRANSACTION_END.test(statement)) this.#inTransaction = false;
    else if (TRANSACTION_START.test(statement)) this.#inTransaction = true;
    if (this.#serverBound === ms || (this.#inTransaction && !TRANSACTION_START.test(statement))) return query();
    return this.client.query(`set statement_timeout = ${Math.max(0, Math.floor(ms))}`).then(() => {
      this.#serverBound = ms;
      return query();
    });
  }

  release(): void {
    // With an error, pg-pool ends the client (its socket destroyed while a query is in flight)
    // rather than keeping it for the next request.
    if (this.#failure) {
      this.client.release(this.#failure);
      return;
    }
    this.idleSince = this.state.timeouts;
    this.#inTransaction = false;
    this.client.release();
  }
}
