import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { currentFeedUrl } from '../../calendar/calendar-feed.js';
import { unauthorized } from '../../http/errors.js';
import { authOf } from '../../plugins/auth.js';
import { responses } from '../../http/schemas.js';
import { CurrentUserResponse, PermissionsResponse } from './schemas.js';

/** The signed-in user and their permission names. */
export default async function userRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { calendar, users } = app.repos;

  app.get(
    '/user',
    {
      config: { signedIn: true },
      schema: {
        description: "The caller's profile, with their calendar feed URL.",
        response: responses({ 200: CurrentUserResponse }),
      },
    },
    async (request) => {
      const user = await users.current(authOf(request).userId);
      if (!user) throw unauthorized();
      return { data: { ...user, calendar_feed_url: await currentFeedUrl(calendar, app.config, user.id) } };
    },
  );

  app.get(
    '/user/permissions',
    {
      config: { signedIn: true },
      schema: {
        description: 'The permissions the caller holds.',
        response: responses({ 200: PermissionsResponse }),
      },
    },
    async (request) => ({
      data: [...authOf(request).permissions].sort(),
    }),
  );
}
