import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { feedTokenHash, regenerateFeed, tokenFromFile } from '../../calendar/calendar-feed.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import { buildCalendar } from '../../calendar/ical.js';
import { authOf } from '../../plugins/auth.js';
import { can } from '../../access/can.js';
import { IdParams, responses } from '../../http/schemas.js';
import { CalendarText, FeedFileParams, FeedUrl } from './schemas.js';

/** How far back a feed reaches: sessions that started up to this long ago stay in calendars. */
export const FEED_DAYS_BACK = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

function sendCalendar(reply: FastifyReply, body: string, filename: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', `inline; filename="${filename}"`)
    .send(body);
}

/**
 * Personal calendar feeds (a secret URL, no other credential) and one session as an .ics file.
 * Visibility follows the portal: see the calendar repository.
 */
export default async function calendarRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const calendar = app.repos.calendar;

  app.get(
    '/calendar/:file',
    {
      config: { public: true },
      schema: {
        description:
          '`{file}` = `{token}.ics`: the secret URL is the credential (the request log writes `/api/calendar/[redacted]` instead); unknown or replaced token 404. `text/calendar; charset=utf-8`.',
        params: FeedFileParams,
        response: responses({ 200: CalendarText }),
      },
    },
    async (request, reply) => {
      const token = tokenFromFile(request.params.file);
      const owner = token ? await calendar.ownerOf(feedTokenHash(token)) : undefined;
      // Unknown, malformed and replaced tokens all look the same.
      if (!owner) throw new HttpError(404, 'Calendario non trovato: il link non è valido o è stato sostituito.');
      const since = new Date(app.now() - FEED_DAYS_BACK * DAY_MS).toISOString();
      const sessions = await calendar.visibleSessions(owner, { since });
      const body = buildCalendar(sessions, { publicUrl: app.config.publicUrl, name: 'Percorso' });
      return sendCalendar(reply, body, 'percorso.ics');
    },
  );

  app.post(
    '/user/calendar-feed',
    {
      config: { signedIn: true },
      schema: {
        description: 'Issues a new URL for the caller; the previous one answers 404 at once (audited as `regenerate`).',
        response: responses({ 200: FeedUrl }),
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      return { data: { calendar_feed_url: await regenerateFeed(calendar, app.config, userId, userId) } };
    },
  );

  app.get(
    '/sessions/:id/calendar.ics',
    {
      config: { relation: 'session-reader' },
      schema: {
        description:
          "One event (iCalendar) for the session, with the session page's rule; the calendar's name (`X-WR-CALNAME`) is the session's name, escaped as RFC 5545 text.",
        params: IdParams,
        response: responses({ 200: CalendarText }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const auth = authOf(request);
      const session = await calendar.sessionEvent(id);
      if (!session) throw notFound('Sessione');
      // The session page's rule: read_sessions, or a session the caller sees in the portal.
      if (!can(auth, 'read_sessions')) {
        const owner = await calendar.owner(auth.userId);
        if (!owner || !(await calendar.visibleSessions(owner, { sessionId: id })).length) throw forbidden();
      }
      const body = buildCalendar([session], { publicUrl: app.config.publicUrl, name: session.name });
      return sendCalendar(reply, body, `sessione-${id}.ics`);
    },
  );
}
