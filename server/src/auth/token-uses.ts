import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';

/** How precisely "last used" is kept: a token's use is written at most once in this time. */
export const TOKEN_USE_RESOLUTION_MS = 60_000;
/** Tokens whose last written use this process remembers; the oldest entries go first. */
const MAX_ENTRIES = 50_000;

/**
 * When each token was last used (the list of one's sign-ins shows it), written to
 * `access_token_uses` at most once a minute per token and process rather than at every request.
 * That table is not one the auth cache follows (auth/auth-cache.ts, AUTH_TABLES), so recording a
 * use empties no cache and, on PostgreSQL, announces nothing to the other processes. A use that
 * cannot be written (the token was ended meanwhile, the database refuses writes) is only logged:
 * the request it came with goes on.
 */
export class TokenUses {
  #written = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The database already holds a use of `tokenId` at `at` (epoch ms). */
  known(tokenId: number, at: number): void {
    const written = this.#written.get(tokenId);
    if (written === undefined || written < at) this.#remember(tokenId, at);
  }

  /** A request used `tokenId` at `now`: a promise only when the use had to be written. */
  note(tokenId: number, now: number): void | Promise<void> {
    const written = this.#written.get(tokenId);
    if (written !== undefined && now >= written && now - written < TOKEN_USE_RESOLUTION_MS) return;
    this.#remember(tokenId, now);
    return this.#write(tokenId, new Date(now).toISOString());
  }

  #remember(tokenId: number, at: number): void {
    this.#written.delete(tokenId);
    if (this.#written.size >= MAX_ENTRIES) this.#written.delete(this.#written.keys().next().value!);
    this.#written.set(tokenId, at);
  }

  async #write(tokenId: number, at: string): Promise<void> {
    try {
      await this.db
        .insertInto('access_token_uses')
        .values({ token_id: tokenId, last_used_at: at })
        .onConflict((conflict) => conflict.column('token_id').doUpdateSet({ last_used_at: at }))
        .execute();
    } catch (err) {
      // Not retried before the minute is over: a database that refuses writes is not asked at every request.
      this.log.warn({ err }, 'the use of an access token could not be recorded');
    }
  }
}
