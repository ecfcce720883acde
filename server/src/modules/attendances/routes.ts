import type { FastifyInstance } from 'fastify';
import { orNotFound } from '../../http/errors.js';
import { attendancesWorkbook, XLSX_FILENAME, XLSX_MIME } from './excel.js';
import { toSqlUtc } from '../../calendar/time-zone.js';
import { AttendanceListResponse, AttendanceWorkbook } from './schemas.js';
import { IdParams, responses } from '../../http/schemas.js';
import { extend } from '../../infra/objects.js';

/** A session's attendances: the participants list (JSON) and attendances_logs.xlsx. */
export default async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  const { attendances, sessions } = app.repos;
  const findSession = async (id: number) => orNotFound(await sessions.findById(id), 'session');

  app.get<{ Params: { id: number } }>(
    '/sessions/:id/attendances',
    {
      schema: {
        description:
          '`{data: [{id, user_id, name, email, joined_at, left_at, source}], import}` — times in UTC SQL format, name/email of the matched user else as reported, null when unknown.',
        params: IdParams,
        response: responses({ 200: AttendanceListResponse }),
      },
      config: { permission: 'read_sessions' },
    },
    async (request) => {
      await findSession(request.params.id);
      const [rows, state] = await Promise.all([
        attendances.listForSession(request.params.id),
        attendances.importState(request.params.id),
      ]);
      return {
        data: rows.map((r) => extend(r, { joined_at: toSqlUtc(r.joined_at), left_at: toSqlUtc(r.left_at) })),
        import: state ?? null,
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/sessions/:id/attendances/excel',
    {
      schema: {
        description: 'attendances_logs.xlsx.',
        params: IdParams,
        response: responses({ 200: AttendanceWorkbook }),
      },
      config: { permission: 'read_sessions' },
    },
    async (request, reply) => {
      await findSession(request.params.id);
      const file = await attendancesWorkbook(await attendances.listForSession(request.params.id));
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${XLSX_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
