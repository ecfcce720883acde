import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AdminStats } from './schemas.js';
import { defineRepository } from '../registry.js';

/** The admin dashboard's counts. */
export function createStatsRepository(db: Db) {
  return {
    async counts(): Promise<AdminStats> {
      const count = sql<number>`count(*)`.as('count');
      const [users, teams, sessions, experts] = await Promise.all([
        db.selectFrom('users').select(count).executeTakeFirst(),
        db.selectFrom('teams').select(count).executeTakeFirst(),
        db.selectFrom('sessions').select(count).executeTakeFirst(),
        db.selectFrom('users').select(count).where('is_expert', '=', 1).executeTakeFirst(),
      ]);
      return {
        users: Number(users?.count ?? 0),
        teams: Number(teams?.count ?? 0),
        sessions: Number(sessions?.count ?? 0),
        experts: Number(experts?.count ?? 0),
      };
    },
  };
}

export type StatsRepository = ReturnType<typeof createStatsRepository>;

declare module '../registry.js' {
  interface Repositories {
    stats: StatsRepository;
  }
}
export const repository = defineRepository('stats', createStatsRepository);
