import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../lib/errors.js';
import { attendancesWorkbook, XLSX_FILENAME, XLSX_MIME } from '../attendances/excel.js';
import { listAttendances } from '../attendances/store.js';
import { toSqlUtc } from '../attendances/times.js';

const SessionParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

async function sessionOr404(app: FastifyInstance, id: number): Promise<void> {
  const session = await app.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst();
  if (!session) throw notFound('Sessione');
}

/** A session's attendances: the participants list (JSON) and attendances_logs.xlsx. */
export default async function attendanceRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: number } }>(
    '/sessions/:id/attendances',
    { schema: { params: SessionParams }, preHandler: app.requirePermission('read_sessions') },
    async (request) => {
      await sessionOr404(app, request.params.id);
      const [rows, state] = await Promise.all([
        listAttendances(app.db, request.params.id),
        app.db
          .selectFrom('attendance_imports')
          .select(['status', 'attempts', 'last_error', 'next_attempt_at', 'updated_at'])
          .where('session_id', '=', request.params.id)
          .executeTakeFirst(),
      ]);
      return {
        data: rows.map((r) => ({ ...r, joined_at: toSqlUtc(r.joined_at), left_at: toSqlUtc(r.left_at) })),
        import: state ?? null,
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/sessions/:id/attendances/excel',
    { schema: { params: SessionParams }, preHandler: app.requirePermission('read_sessions') },
    async (request, reply) => {
      await sessionOr404(app, request.params.id);
      const file = await attendancesWorkbook(await listAttendances(app.db, request.params.id));
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${XLSX_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
