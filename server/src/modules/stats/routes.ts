import type { FastifyInstance } from 'fastify';
import { authOf } from '../../plugins/auth.js';
import { forbidden } from '../../http/errors.js';
import { responses } from '../../http/schemas.js';
import { AdminStatsResponse, type AdminStats } from './schemas.js';

/** The admin dashboard's four counts; like the Admin menu item, any permission at all is enough. */
export default async function statsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/stats',
    {
      config: { relation: 'back-office-staff' },
      schema: {
        description: 'Like the Admin menu item.',
        response: responses({ 200: AdminStatsResponse }),
      },
    },
    async (request): Promise<{ data: AdminStats }> => {
      if (authOf(request).permissions.size === 0) throw forbidden();
      return { data: await app.repos.stats.counts() };
    },
  );
}
