import { Type, type Static } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const UserRole = Type.Object({ id: Type.Integer(), name: Type.String() });
export type UserRole = Static<typeof UserRole>;

/** A team's coordinator as shown on the team cards. */
export const Coordinator = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  mobile: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
});
export type Coordinator = Static<typeof Coordinator>;

export const UserTeam = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  owner: Nullable(Coordinator),
  drive_url: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
});
export type UserTeam = Static<typeof UserTeam>;

export const ExpertTeam = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  avatar: Nullable(Type.String()),
  /** How many of this expert's sessions involve the team. */
  sessions_as_expert: Type.Integer(),
});
export type ExpertTeam = Static<typeof ExpertTeam>;

export const ExpertSession = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  start_time: Type.String(),
  /** Empty: the session is for every team ("Tutte le startup"). */
  teams: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type ExpertSession = Static<typeof ExpertSession>;

/** GET /api/user → {data: CurrentUser}: the signed-in user with roles, teams and expert work. */
export const CurrentUser = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  email: Type.String(),
  tax_id: Nullable(Type.String()),
  birthdate: Nullable(Type.String()),
  created_at: Type.String(),
  avatar: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  /** Completed lessons / lessons of published courses, 0..1. */
  courses_percentage: Type.Number(),
  is_expert: Type.Boolean(),
  expert_access: Nullable(Type.Union([Type.Literal('complete'), Type.Literal('limited')])),
  mooc_access: Type.Boolean(),
  roles: Type.Array(UserRole),
  teams: Type.Array(UserTeam),
  teams_as_expert: Type.Array(ExpertTeam),
  /** Upcoming sessions where the user is an expert, soonest first. */
  sessions_as_expert: Type.Array(ExpertSession),
});
export type CurrentUser = Static<typeof CurrentUser>;

/** GET /api/user answers the user plus their secret calendar feed URL (iCalendar subscription). */
export const CurrentUserWithFeed = Type.Object({ ...CurrentUser.properties, calendar_feed_url: Type.String() });
export type CurrentUserWithFeed = Static<typeof CurrentUserWithFeed>;

export const CurrentUserResponse = Type.Object({ data: CurrentUserWithFeed });
export type CurrentUserResponse = Static<typeof CurrentUserResponse>;

export const PermissionsResponse = Type.Object({ data: Type.Array(Type.String()) });
export type PermissionsResponse = Static<typeof PermissionsResponse>;
