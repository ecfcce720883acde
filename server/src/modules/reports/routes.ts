import { actorOf } from '../../plugins/auth.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FieldErrorBag, HttpError } from '../../http/errors.js';
import { filterValue, MAX_PER_PAGE } from '../../http/listing.js';
import { XLSX_MIME } from '../attendances/excel.js';
import {
  LEARNING_FILENAME,
  learningWorkbook,
  participationWorkbook,
  PARTICIPATION_FILENAME,
  SESSIONS_FILENAME,
  sessionsWorkbook,
  type SessionExportRow,
} from './excel.js';
import { currentQuarter, isCalendarDay, type DayRange } from '../../calendar/calendar-days.js';
import {
  ImportParams,
  LearnerParams,
  LearningQuery,
  ParticipationQuery,
  ProgressParams,
  responses,
} from './schemas.js';
import { SessionListQuery } from '../sessions/schemas.js';

/** Longest span a participation report may cover. */
export const MAX_RANGE_DAYS = 366 * 2;

const courseMissing = () => new HttpError(404, 'Corso non trovato.');
const teamMissing = () => new HttpError(404, 'Team non trovato.');

/** A positive integer id from `filter[key]`; adds a field error (named `key`) when it is not one. */
function filterId(
  query: { filter?: Record<string, unknown> },
  key: string,
  label: string,
  bag: FieldErrorBag,
  required = false,
): number | undefined {
  const raw = query.filter?.[key];
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? filterValue(query, key) : undefined;
  if (text === undefined) {
    if (raw !== undefined && typeof raw !== 'string') bag.add(key, `Il filtro ${label} non è valido.`);
    else if (required) bag.add(key, `Il filtro ${label} è obbligatorio.`);
    return undefined;
  }
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2147483647) {
    bag.add(key, `Il filtro ${label} non è valido.`);
    return undefined;
  }
  return Number(text);
}

function sendXlsx(reply: FastifyReply, filename: string, file: Buffer) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(file);
}

/**
 * The programme reports (read_reports): participation over a span of days, learning per course,
 * their spreadsheets and the back-office dashboard; the lesson-progress reset (update_lesosns); the
 * re-queueing of a failed attendance import (update_sessions); the sessions list as a spreadsheet
 * (read_sessions).
 */
export default async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { reports, sessions } = app.repos;

  /** The span and team of a participation request, checked; 422 with Italian messages otherwise. */
  async function participationParams(query: ParticipationQuery): Promise<{ range: DayRange; teamId?: number }> {
    const bag = new FieldErrorBag();
    const quarter = currentQuarter(app.now());
    const from = query.from?.trim() || quarter.from;
    const to = query.to?.trim() || quarter.to;
    if (!isCalendarDay(from)) bag.add('from', 'La data di inizio deve essere una data valida (AAAA-MM-GG).');
    if (!isCalendarDay(to)) bag.add('to', 'La data di fine deve essere una data valida (AAAA-MM-GG).');
    if (bag.empty) {
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days < 0) bag.add('to', 'La data di fine non può precedere la data di inizio.');
      else if (days >= MAX_RANGE_DAYS) bag.add('to', 'Il periodo non può superare due anni.');
    }
    const teamId = filterId(query, 'team_id', 'team', bag);
    bag.throwIfAny();
    if (teamId !== undefined && !(await reports.teamExists(teamId))) throw teamMissing();
    return { range: { from, to }, teamId };
  }

  async function learningParams(query: LearningQuery): Promise<{ courseId: number; teamId?: number }> {
    const bag = new FieldErrorBag();
    const courseId = filterId(query, 'course_id', 'videocorso', bag, true);
    const teamId = filterId(query, 'team_id', 'team', bag);
    bag.throwIfAny();
    if (teamId !== undefined && !(await reports.teamExists(teamId))) throw teamMissing();
    return { courseId: courseId!, teamId };
  }

  const readReports = { permission: 'read_reports' } as const;

  r.get(
    '/reports/participation',
    {
      config: readReports,
      schema: {
        description:
          "`from`, `to` (Europe/Rome days `YYYY-MM-DD`, default the current quarter, at most two years), `filter[team_id]`; `{data: [{team_id, team_name, sessions_expected, attendance_rate, members, experts}], meta: {from, to, attendance_rate, unmatched}}`. Only sessions already started count, and a session for every team counts for a team only when it starts at or after the team's `created_at`; a member is expected (and counted) only at the sessions that start while they are in the team: at or after they joined it and before they left it (each member's `joined_at`, `left_at` — `null` while they are in it — and `sessions_expected` of their own). `members` lists the present members and those who left whose stay overlaps the span, once per stay; a rate with nothing expected (no session held, no member) is `null`.",
        querystring: ParticipationQuery,
        response: responses.participation,
      },
    },
    async (request) => {
      const { range, teamId } = await participationParams(request.query);
      return reports.participation(range, teamId);
    },
  );

  r.get(
    '/reports/participation/excel',
    {
      config: readReports,
      schema: {
        description:
          'The same parameters → participation.xlsx (summary sheet, one sheet per team, unmatched attendees).',
        querystring: ParticipationQuery,
        response: responses.file,
      },
    },
    async (request, reply) => {
      const { range, teamId } = await participationParams(request.query);
      return sendXlsx(
        reply,
        PARTICIPATION_FILENAME,
        await participationWorkbook(await reports.participation(range, teamId)),
      );
    },
  );

  r.get(
    '/reports/learning',
    {
      config: readReports,
      schema: {
        description:
          '`filter[course_id]` (required), `filter[team_id]`; `{data: [{user_id, name, surname, email, team_names, lessons_completed, lessons_total, completion_percentage, watched_minutes, last_activity_at}], meta: {course_id, course_name, lessons_total}}`.',
        querystring: LearningQuery,
        response: responses.learning,
      },
    },
    async (request) => {
      const { courseId, teamId } = await learningParams(request.query);
      const report = await reports.learning(courseId, teamId);
      if (!report) throw courseMissing();
      return report;
    },
  );

  r.get(
    '/reports/learning/excel',
    {
      config: readReports,
      schema: {
        description: 'The same parameters → learning.xlsx.',
        querystring: LearningQuery,
        response: responses.file,
      },
    },
    async (request, reply) => {
      const { courseId, teamId } = await learningParams(request.query);
      const report = await reports.learning(courseId, teamId);
      if (!report) throw courseMissing();
      const teamName = teamId === undefined ? null : ((await reports.teamName(teamId)) ?? null);
      return sendXlsx(reply, LEARNING_FILENAME, await learningWorkbook(report, teamName));
    },
  );

  r.get(
    '/reports/learning/learners/:userId',
    {
      config: readReports,
      schema: {
        description:
          "`filter[course_id]` (required); every lesson of the course with the learner's coverage %, resume position, completion.",
        params: LearnerParams,
        querystring: LearningQuery,
        response: responses.learner,
      },
    },
    async (request) => {
      const bag = new FieldErrorBag();
      const courseId = filterId(request.query, 'course_id', 'videocorso', bag, true);
      bag.throwIfAny();
      if (!(await reports.courseExists(courseId!))) throw courseMissing();
      if (!(await reports.userExists(request.params.userId))) throw new HttpError(404, 'Utente non trovato.');
      return {
        data: await reports.learnerLessons(courseId!, request.params.userId),
        meta: { course_id: courseId!, user_id: request.params.userId },
      };
    },
  );

  r.get(
    '/reports/dashboard',
    {
      config: readReports,
      schema: {
        description:
          "Sessions this week and next, attendance rate of the last six months (as the participation report's `meta.attendance_rate`), completion by team, latest attendance imports.",
        response: responses.dashboard,
      },
    },
    async () => ({
      data: await reports.dashboard(),
    }),
  );

  r.delete(
    '/courses/:courseId/modules/:moduleId/lessons/:lessonId/progress/:userId',
    {
      config: { permission: 'update_lesosns' },
      schema: {
        description:
          "Forgets the learner's progress on the lesson (204); 404 when the lesson is not in that module and course, or the user does not exist.",
        params: ProgressParams,
        response: responses.reset,
      },
    },
    async (request, reply) => {
      const { courseId, moduleId, lessonId, userId } = request.params;
      if (!(await reports.lessonInCourse(courseId, moduleId, lessonId)))
        throw new HttpError(404, 'Lezione non trovata.');
      if (!(await reports.userExists(userId))) throw new HttpError(404, 'Utente non trovato.');
      await reports.resetProgress(actorOf(request), lessonId, userId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/attendance-imports/:sessionId/retry',
    {
      config: { permission: 'update_sessions' },
      schema: {
        description:
          'Puts a failed attendance import back in the queue (pending, due now, attempts and reason cleared); 404 without an import, 409 when it has not failed.',
        params: ImportParams,
        response: responses.retry,
      },
    },
    async (request) => {
      const state = await reports.retryImport(actorOf(request), request.params.sessionId);
      if (state === undefined) throw new HttpError(404, 'Importazione non trovata.');
      if (state === false) throw new HttpError(409, 'Si può riprovare solo un’importazione non riuscita.');
      return { data: state };
    },
  );

  r.get(
    '/sessions/excel',
    {
      config: { permission: 'read_sessions' },
      schema: {
        description:
          'sessions.xlsx of the list with the same `filter[...]` and `sort` as GET /api/sessions, every page, with attendance rows and matched users per session.',
        querystring: SessionListQuery,
        response: responses.file,
      },
    },
    async (request, reply) => {
      const rows: SessionExportRow[] = [];
      const { page: _page, per_page: _perPage, ...params } = request.query;
      for (let page = 1; ; page++) {
        const { rows: found, meta } = await sessions.list({ ...params, page, per_page: MAX_PER_PAGE });
        const counts = await reports.attendanceCounts(found.map((s) => s.id));
        for (const s of found) {
          const count = counts.get(s.id);
          rows.push({
            name: s.name,
            type: s.type,
            start_time: s.start_time,
            end_time: s.end_time,
            teams: s.teams.map((t) => t.name),
            experts: s.experts.map((e) => `${e.name} ${e.surname}`.trim()),
            attendances: count?.attendances ?? 0,
            matched_users: count?.matched_users ?? 0,
          });
        }
        if (page >= meta.last_page) break;
      }
      const search = filterValue(request.query, 'search');
      const description = `${rows.length} sessioni${search ? ` – ricerca "${search}"` : ''}`;
      return sendXlsx(reply, SESSIONS_FILENAME, await sessionsWorkbook(rows, description));
    },
  );
}
