import { Type, type Static } from 'typebox';
import { DbId, ErrorBody, NoContent } from '../../http/schemas.js';

/** Every error status of the report routes answers the one error body. */
const errors = { '4xx': ErrorBody, '5xx': ErrorBody } as const;

/** `from`/`to` (Europe/Rome days, `YYYY-MM-DD`) and `filter[team_id]`; checked by the route for Italian messages. */
export const ParticipationQuery = Type.Object({
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  filter: Type.Optional(Type.Record(Type.String(), Type.Any())),
});
export type ParticipationQuery = Static<typeof ParticipationQuery>;

/** `filter[course_id]` (required) and `filter[team_id]`. */
export const LearningQuery = Type.Object({
  filter: Type.Optional(Type.Record(Type.String(), Type.Any())),
});
export type LearningQuery = Static<typeof LearningQuery>;

export const LearnerParams = Type.Object({ userId: DbId });
export const ProgressParams = Type.Object({ courseId: DbId, moduleId: DbId, lessonId: DbId, userId: DbId });
export const ImportParams = Type.Object({ sessionId: DbId });

const Rate = Type.Number({ minimum: 0, maximum: 1 });
/** A rate of nothing measured (no session held, no member) is null, never a 0 % that reads as absence. */
const MeasuredRate = Type.Union([Rate, Type.Null()]);

export const ParticipationMember = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  /** When they joined the team (ISO instant): the sessions before it are not theirs. */
  joined_at: Type.String(),
  /** When they left the team (ISO instant), null while they are in it: the sessions from then on are not theirs. */
  left_at: Type.Union([Type.String(), Type.Null()]),
  sessions_expected: Type.Integer(),
  sessions_attended: Type.Integer(),
  minutes_attended: Type.Integer(),
});
export type ParticipationMember = Static<typeof ParticipationMember>;

export const ParticipationExpert = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  minutes_attended: Type.Integer(),
});
export type ParticipationExpert = Static<typeof ParticipationExpert>;

export const ParticipationTeam = Type.Object({
  team_id: Type.Integer(),
  team_name: Type.String(),
  /** The team's sessions of the span; each member's own count starts when they joined. */
  sessions_expected: Type.Integer(),
  /** Members' sessions attended over their sessions expected, 0..1; null when nothing was expected (no session, no member). */
  attendance_rate: MeasuredRate,
  members: Type.Array(ParticipationMember),
  experts: Type.Array(ParticipationExpert),
});
export type ParticipationTeam = Static<typeof ParticipationTeam>;

export const UnmatchedAttendee = Type.Object({
  session_id: Type.Integer(),
  session_name: Type.String(),
  session_start: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  minutes_attended: Type.Integer(),
});
export type UnmatchedAttendee = Static<typeof UnmatchedAttendee>;

export const ParticipationResponse = Type.Object({
  data: Type.Array(ParticipationTeam),
  meta: Type.Object({
    from: Type.String(),
    to: Type.String(),
    /** All teams of the report together: sessions attended over sessions expected, 0..1; null when nothing was expected. */
    attendance_rate: MeasuredRate,
    unmatched: Type.Array(UnmatchedAttendee),
  }),
});
export type ParticipationResponse = Static<typeof ParticipationResponse>;

export const LearningRow = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  team_names: Type.Array(Type.String()),
  lessons_completed: Type.Integer(),
  lessons_total: Type.Integer(),
  /** Lessons completed over the course's lessons, 0..100, rounded. */
  completion_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Seconds really watched (the lessons' covered stretches), as whole minutes. */
  watched_minutes: Type.Integer(),
  last_activity_at: Type.Union([Type.String(), Type.Null()]),
});
export type LearningRow = Static<typeof LearningRow>;

export const LearningResponse = Type.Object({
  data: Type.Array(LearningRow),
  meta: Type.Object({ course_id: Type.Integer(), course_name: Type.String(), lessons_total: Type.Integer() }),
});
export type LearningResponse = Static<typeof LearningResponse>;

export const LearnerLesson = Type.Object({
  lesson_id: Type.Integer(),
  lesson_name: Type.String(),
  module_id: Type.Integer(),
  module_name: Type.String(),
  video_length: Type.Union([Type.Number(), Type.Null()]),
  covered_seconds: Type.Number(),
  /** Covered share of the video, 0..100 rounded; null while its length is unknown. */
  coverage_percentage: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
  /** Resume position, seconds. */
  resume_position: Type.Number(),
  completed: Type.Boolean(),
  updated_at: Type.Union([Type.String(), Type.Null()]),
});
export type LearnerLesson = Static<typeof LearnerLesson>;

export const LearnerLessonsResponse = Type.Object({
  data: Type.Array(LearnerLesson),
  meta: Type.Object({ course_id: Type.Integer(), user_id: Type.Integer() }),
});

export const ImportState = Type.Object({
  session_id: Type.Integer(),
  session_name: Type.String(),
  session_start: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.String(),
});
export type ImportState = Static<typeof ImportState>;

export const TeamCompletion = Type.Object({
  team_id: Type.Integer(),
  team_name: Type.String(),
  members: Type.Integer(),
  lessons_completed: Type.Integer(),
  lessons_total: Type.Integer(),
  completion_percentage: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type TeamCompletion = Static<typeof TeamCompletion>;

export const DashboardSummary = Type.Object({
  sessions: Type.Object({
    this_week: Type.Integer(),
    next_week: Type.Integer(),
    this_week_from: Type.String(),
    next_week_from: Type.String(),
  }),
  attendance_by_month: Type.Array(
    Type.Object({ month: Type.String(), from: Type.String(), to: Type.String(), attendance_rate: MeasuredRate }),
  ),
  completion_by_team: Type.Array(TeamCompletion),
  imports: Type.Array(ImportState),
});
export type DashboardSummary = Static<typeof DashboardSummary>;

export const responses = {
  participation: { 200: ParticipationResponse, ...errors },
  learning: { 200: LearningResponse, ...errors },
  learner: { 200: LearnerLessonsResponse, ...errors },
  dashboard: { 200: Type.Object({ data: DashboardSummary }), ...errors },
  retry: { 200: Type.Object({ data: ImportState }), ...errors },
  reset: { 204: NoContent, ...errors },
  /** Spreadsheets: the body is the file itself, only errors are JSON. */
  file: { 200: Type.Unsafe<Buffer>(Type.String({ format: 'binary', description: 'xlsx file' })), ...errors },
};
