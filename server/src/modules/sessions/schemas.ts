import { Type, type Static } from 'typebox';
import { Data, DbId, DeletedRecord, ListQuery, Page, Name, FreeText } from '../../http/schemas.js';
import { PersonSummary } from '../teams/schemas.js';

export const SessionType = Type.Union([Type.Literal('meet'), Type.Literal('other')]);
export type SessionType = Static<typeof SessionType>;

export const SessionTeam = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
});
export type SessionTeam = Static<typeof SessionTeam>;

/** One attendance; times are UTC in SQL format `YYYY-MM-DD HH:MM:SS`. */
export const AttendanceItem = Type.Object({
  id: Type.Integer(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  joined_at: Type.Union([Type.String(), Type.Null()]),
  left_at: Type.Union([Type.String(), Type.Null()]),
});
export type AttendanceItem = Static<typeof AttendanceItem>;

/** A session as every session read answers it; `teams` empty means valid for all teams. */
export const SessionResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: SessionType,
  description: Type.String(),
  start_time: Type.String({ description: 'ISO 8601 UTC' }),
  end_time: Type.Union([Type.String(), Type.Null()]),
  join_instructions: Type.String(),
  join_url: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  /** First attached team (what the edit form's single team field shows), null when valid for all. */
  team_id: Type.Union([Type.Integer(), Type.Null()]),
  teams: Type.Array(SessionTeam),
  experts: Type.Array(PersonSummary),
  /** Present only when asked (`attendances=true`) or on the detail for read_sessions holders. */
  attendances: Type.Optional(Type.Array(AttendanceItem)),
});
export type SessionResource = Static<typeof SessionResource>;

const Text = (max: number) => FreeText(max, 1);
const DateTime = Type.String({ format: 'date-time' });
const OptionalDateTime = Type.Optional(Type.Union([DateTime, Type.Null()]));
const OptionalId = Type.Optional(Type.Union([DbId, Type.Null()]));

/** `repeat` of POST /api/sessions; checked further by the recurrence rules (Italian 422 messages). */
export const RepeatRuleBody = Type.Object({
  frequency: Type.String({ maxLength: 32 }),
  until: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  count: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

/** POST /api/sessions. */
export const SessionCreateBody = Type.Object({
  name: Name(),
  type: SessionType,
  description: Text(20000),
  start_time: DateTime,
  end_time: OptionalDateTime,
  join_instructions: Text(20000),
  team_id: OptionalId,
  expert_id: OptionalId,
  /** Optional: the session repeats (every week or two weeks, until a date or N times, at most 52). */
  repeat: Type.Optional(Type.Union([RepeatRuleBody, Type.Null()])),
});
export type SessionCreateBody = Static<typeof SessionCreateBody>;

/** PUT /api/sessions/{id}: the same fields minus expert_id. */
export const SessionUpdateBody = Type.Object({
  name: Name(),
  type: SessionType,
  description: Text(20000),
  start_time: DateTime,
  end_time: OptionalDateTime,
  join_instructions: Text(20000),
  team_id: OptionalId,
});
export type SessionUpdateBody = Static<typeof SessionUpdateBody>;

export const SessionExpertBody = Type.Object({ user_id: DbId });
export type SessionExpertBody = Static<typeof SessionExpertBody>;

export const SessionExpertParams = Type.Object({ id: DbId, userId: DbId });
export type SessionExpertParams = Static<typeof SessionExpertParams>;

export const SessionTeamsBody = Type.Object({ teams: Type.Array(DbId, { maxItems: 1000 }) });
export type SessionTeamsBody = Static<typeof SessionTeamsBody>;

/** GET /api/sessions: the list query plus `attendances=true`. */
export const SessionListQuery = Type.Object({
  ...ListQuery.properties,
  attendances: Type.Optional(Type.String()),
});
export type SessionListQuery = Static<typeof SessionListQuery>;

/**
 * What a team's session lists may be narrowed to with `fields=id,name,start_time`: a page that
 * shows a few fields of every session (the team's calendar and upcoming list read whole lists)
 * asks only for those.
 */
export const SESSION_FIELDS = [
  'id',
  'name',
  'type',
  'description',
  'start_time',
  'end_time',
  'join_instructions',
  'join_url',
  'created_at',
  'team_id',
  'teams',
  'experts',
] as const;
export type SessionField = (typeof SESSION_FIELDS)[number];
/** The fields that need the session's teams and experts loaded. */
export const SESSION_RELATION_FIELDS: readonly SessionField[] = ['team_id', 'teams', 'experts'];

/** GET /api/teams/{id}/sessions[/upcoming]: the list query plus `fields`. */
export const TeamSessionListQuery = Type.Object({
  ...ListQuery.properties,
  fields: Type.Optional(Type.String({ maxLength: 500 })),
});
export type TeamSessionListQuery = Static<typeof TeamSessionListQuery>;
/** A team's session list: whole sessions, or the `fields` asked for. */
export const TeamSessionListResponse = Page(Type.Partial(SessionResource));
export type TeamSessionListResponse = Static<typeof TeamSessionListResponse>;

export const SessionResponse = Data(SessionResource);
export const SessionListResponse = Page(SessionResource);
/** GET /api/teams/{id}/sessions/next: null when the team has no session ahead. */
export const NextSessionResponse = Data(Type.Union([SessionResource, Type.Null()]));
export const SessionDeletedResponse = Data(DeletedRecord);
