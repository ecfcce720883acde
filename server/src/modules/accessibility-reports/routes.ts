import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FieldErrorBag, notFound } from '../../http/errors.js';
import { filterValue } from '../../http/listing.js';
import { ACCESSIBILITY_REPORT_STATES, type AccessibilityReportState } from './repository.js';
import { IdParams, ListQuery, responses } from '../../http/schemas.js';
import { AccessibilityReportListResponse, AccessibilityReportResponse, ReportBody, StateBody } from './schemas.js';
import { isAnswerableEmail } from '../users/person-rules.js';
import { actorOf } from '../../plugins/auth.js';

export const DESCRIPTION_MAX = 5000;
const PAGE_URL_MAX = 1024;

function isState(value: unknown): value is AccessibilityReportState {
  return typeof value === 'string' && (ACCESSIBILITY_REPORT_STATES as readonly string[]).includes(value);
}

const STATE_MESSAGE = 'Lo stato deve essere nuova, in lavorazione o risolta.';
const NAME_MAX = 255;

/**
 * Reports a visitor may send without signing in, per address and hour: whoever cannot sign in
 * (a barrier on the sign-in page itself) must still be able to say so, and a script must not be
 * able to fill the staff's list.
 */
export const VISITOR_REPORTS_PER_HOUR = 10;

/**
 * Accessibility reports: anyone may send one (the statement's feedback mechanism), signed in or
 * not: a visitor gives a name and an e-mail address to be answered at, a signed-in user's come
 * from their account. Staff with read_/update_accessibility_reports list them and move them
 * through their states.
 */
export default async function accessibilityReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const reports = app.repos.accessibilityReports;

  r.post(
    '/accessibility-reports',
    {
      config: {
        public: true,
        optionalAuth: true,
        // Signed-in reporters count against the API's own limits only.
        rateLimit: {
          max: VISITOR_REPORTS_PER_HOUR,
          timeWindow: 60 * 60_000,
          allowList: (request) => request.auth !== null,
        },
      },
      schema: {
        description:
          "A signed-in user's name and e-mail are stored with the report (a token sent must be valid, else 401); a visitor gives `name` and `email` (422 without them) and may send 10 an hour per address (429 after).",
        body: ReportBody,
        response: responses({ 201: AccessibilityReportResponse }),
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const bag = new FieldErrorBag();
      const visitor = { name: (request.body.name ?? '').trim(), email: (request.body.email ?? '').trim() };
      if (!auth) {
        if (!visitor.name) bag.add('name', 'Il campo nome è obbligatorio.');
        else if (visitor.name.length > NAME_MAX)
          bag.add('name', `Il campo nome non può superare ${NAME_MAX} caratteri.`);
        if (!visitor.email) bag.add('email', 'Il campo email è obbligatorio: serve per risponderti.');
        else if (!isAnswerableEmail(visitor.email)) {
          bag.add('email', 'Il campo email deve essere un indirizzo email valido.');
        }
      }
      const description = (request.body.description ?? '').trim();
      const pageUrl = (request.body.page_url ?? '').trim();
      if (!description) bag.add('description', 'Il campo descrizione del problema è obbligatorio.');
      else if (description.length > DESCRIPTION_MAX) {
        bag.add('description', `La descrizione del problema non può superare ${DESCRIPTION_MAX} caratteri.`);
      }
      if (pageUrl.length > PAGE_URL_MAX)
        bag.add('page_url', `L'indirizzo della pagina non può superare ${PAGE_URL_MAX} caratteri.`);
      bag.throwIfAny();
      const values = { description, page_url: pageUrl || null };
      const data = auth ? await reports.create(auth.userId, values) : await reports.createFromVisitor(visitor, values);
      reply.status(201);
      return { data };
    },
  );

  r.get(
    '/accessibility-reports',
    {
      config: { permission: 'read_accessibility_reports' },
      schema: {
        description: 'Newest first, `filter[state]` keeps one state (anything else 422).',
        querystring: ListQuery,
        response: responses({ 200: AccessibilityReportListResponse }),
      },
    },
    async (request) => {
      const state = filterValue(request.query, 'state');
      if (state !== undefined && !isState(state)) new FieldErrorBag().add('filter', STATE_MESSAGE).throwIfAny();
      return reports.list(request.query, state as AccessibilityReportState | undefined);
    },
  );

  r.get(
    '/accessibility-reports/:id',
    {
      config: { permission: 'read_accessibility_reports' },
      schema: { params: IdParams, response: responses({ 200: AccessibilityReportResponse }) },
    },
    async (request) => {
      const data = await reports.find(request.params.id);
      if (!data) throw notFound('Segnalazione');
      return { data };
    },
  );

  r.put(
    '/accessibility-reports/:id',
    {
      config: { permission: 'update_accessibility_reports' },
      schema: {
        description: '`{state}` only (422 for an unknown state, 404 for a missing report).',
        params: IdParams,
        body: StateBody,
        response: responses({ 200: AccessibilityReportResponse }),
      },
    },
    async (request) => {
      const { state } = request.body;
      if (!isState(state)) new FieldErrorBag().add('state', STATE_MESSAGE).throwIfAny();
      const data = await reports.setState(actorOf(request), request.params.id, state as AccessibilityReportState);
      if (!data) throw notFound('Segnalazione');
      return { data };
    },
  );
}
