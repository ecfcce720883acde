import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { Clock } from '../../modules/shared.js';
import { defineRepository } from '../../modules/registry.js';

/** Rate-limit counters in the database, shared by every server process (plugins/rate-limit.ts). */
export function createRateLimitsRepository(db: Db, now: Clock) {
  return {
    /**
     * Counts one hit of `key` in its current window of `windowMs` (a new window once the last one
     * ended) in one atomic statement; returns the hits so far and the ms left in the window.
     */
    async hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }> {
      const at = now();
      const expired = sql<boolean>`rate_limit_hits.window_started + ${windowMs} <= ${at}`;
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, window_started: at })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else rate_limit_hits.hits + 1 end`,
            window_started: sql<number>`case when ${expired} then ${at} else rate_limit_hits.window_started end`,
          }),
        )
        .returning(['hits', 'window_started'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), msLeft: Math.max(0, Number(row.window_started) + windowMs - at) };
    },

    /** Forgets counters whose window ended more than `olderThanMs` ago. */
    async purge(olderThanMs: number): Promise<void> {
      await db
        .deleteFrom('rate_limit_hits')
        .where('window_started', '<', now() - olderThanMs)
        .execute();
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;

declare module '../../modules/registry.js' {
  interface Repositories {
    rateLimits: RateLimitsRepository;
  }
}
export const repository = defineRepository('rateLimits', createRateLimitsRepository);
