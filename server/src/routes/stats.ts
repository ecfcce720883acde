import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { authOf } from '../plugins/auth.js';
import { forbidden } from '../lib/errors.js';
import { responses } from '../schemas/common.js';
import { AdminStatsResponse, type AdminStats } from '../schemas/user-admin.js';

/** The admin dashboard's four counts; like the Admin menu item, any permission at all is enough. */
export default async function statsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/stats', { schema: { response: responses({ 200: AdminStatsResponse }) } }, async (request): Promise<{ data: AdminStats }> => {
    if (authOf(request).permissions.size === 0) throw forbidden();
    const count = sql<number>`count(*)`.as('count');
    const [users, teams, sessions, experts] = await Promise.all([
      app.db.selectFrom('users').select(count).executeTakeFirst(),
      app.db.selectFrom('teams').select(count).executeTakeFirst(),
      app.db.selectFrom('sessions').select(count).executeTakeFirst(),
      app.db.selectFrom('users').select(count).where('is_expert', '=', 1).executeTakeFirst(),
    ]);
    return {
      data: {
        users: Number(users?.count ?? 0),
        teams: Number(teams?.count ?? 0),
        sessions: Number(sessions?.count ?? 0),
        experts: Number(experts?.count ?? 0),
      },
    };
  });
}
