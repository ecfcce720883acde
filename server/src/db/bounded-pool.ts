import type { Pool, PoolClient } from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { DatabaseTimeoutError } from './errors.js';

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
 */
export function boundedPool(pool: Pool, timeoutMs: () => number): PostgresPool {
  const clients = new WeakMap<PoolClient, BoundedClient>();
  const state = { timeouts: 0 };
  return {
    async connect() {
      for (;;) {
        const client = await pool.connect();
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

  constructor(
    private readonly client: PoolClient,
    private readonly timeoutMs: () => number,
    private readonly state: { timeouts: number },
  ) {
    this.idleSince = state.timeouts;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sql: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely sends a cursor only when the dialect has one (createDb sets none): nothing streams.
    if (typeof sql !== 'string') throw new Error('streamed queries are not set up on PostgreSQL');
    // A rollback after the timeout, in the same transaction, would wait behind the lost answer.
    if (this.#failure) return Promise.reject(this.#failure);
    const answer = this.client.query(sql, [...parameters]) as unknown as Promise<PostgresQueryResult<R>>;
    const ms = this.timeoutMs();
    if (ms <= 0) return answer;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#failure = new DatabaseTimeoutError(ms);
        this.state.timeouts++;
        reject(this.#failure);
      }, ms);
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

  release(): void {
    // With an error, pg-pool ends the client (its socket destroyed while a query is in flight)
    // rather than keeping it for the next request.
    if (this.#failure) {
      this.client.release(this.#failure);
      return;
    }
    this.idleSince = this.state.timeouts;
    this.client.release();
  }
}
