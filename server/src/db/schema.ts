import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Storage conventions, identical on SQLite and PostgreSQL:
 * - timestamps are ISO 8601 UTC text (`2026-11-21T09:30:00.000Z`), so they sort as text;
 * - booleans are integers 0/1 (`Flag`), turned into real booleans where repositories and routes present them;
 * - ids are auto-increment integers.
 * SQLite stores exactly that. PostgreSQL stores the first schema's columns in its own types
 * (`timestamptz`, `boolean`, `date`; migration 003) and the database layer reads them back as
 * above, dates as `YYYY-MM-DD` text (db/index.ts). So in SQL, compare flags and timestamps with
 * parameters (`.where('published', '=', 1)`), never with literals (`published = 1` fails on
 * PostgreSQL), and aggregate flags with `sum(case when flag then 1 else 0 end)`, not `sum(flag)`.
 */
export type Flag = number;
export type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  surname: string;
  email: string;
  tax_id: string | null;
  birthdate: string | null;
  avatar: string | null;
  mobile: string | null;
  is_expert: ColumnType<Flag, Flag | undefined, Flag>;
  expert_access: 'complete' | 'limited' | null;
  mooc_access: ColumnType<Flag, Flag | undefined, Flag>;
  /** With oidc_issuer: the person's identity at the provider, unique together. */
  oidc_subject: string | null;
  /** The provider (its issuer) of oidc_subject; auth/identities.ts for the development provider. */
  oidc_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  /** Written by the demo seed: refused at sign-in and in every request once OIDC_ISSUER is set. */
  demo: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  updated_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
}

export interface PermissionsTable {
  name: string;
  description: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  /**
   * A fixed marker on a role the server relies on, independent of its name: 'administrator' is
   * the role ADMIN_EMAILS grants (auth/sign-in-repository.ts). Null on every other role.
   */
  system_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_name: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  avatar: string | null;
  drive_url: string | null;
  owner_id: number | null;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  /** How many members the team has: kept by the database's triggers on team_members, never written here. */
  members_count: ColumnType<number, never, never>;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  /** When the person joined the team: they are expected at its sessions from then on. */
  joined_at: Timestamp;
}

/** A membership that ended: the person was expected at the team's sessions from `joined_at` until `left_at`. */
export interface PastTeamMembersTable {
  id: Generated<number>;
  team_id: number;
  user_id: number;
  joined_at: Timestamp;
  left_at: Timestamp;
}

/** Teams a limited-access expert follows. */
export interface ExpertTeamsTable {
  user_id: number;
  team_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  name: string;
  type: 'meet' | 'other';
  description: string;
  start_time: Timestamp;
  end_time: Timestamp | null;
  join_instructions: string;
  join_url: string | null;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  /** Revision of the calendar event: a trigger bumps it when a column shown in the event changes. */
  sequence: ColumnType<number, number | undefined, number>;
  /** When the event columns last changed (set by the same trigger); null only before the first edit of old rows. */
  updated_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Teams the session is attached to, kept by triggers on session_teams; 0: a session for every team. */
  teams_count: ColumnType<number, never, never>;
}

/** Rows of the tables with long unfiltered lists, kept by triggers (`count(*)` visits every row). */
export interface RowCountsTable {
  table_name: 'users' | 'teams' | 'sessions';
  row_count: number;
}

/** One secret calendar feed per user: the URL token is only stored as its SHA-256. */
export interface CalendarFeedsTable {
  user_id: number;
  /** Random value the token is derived from (with the server's feed key); a new one revokes the old URL. */
  nonce: string;
  token_hash: string;
  created_at: Timestamp;
}

/** Who changed what through the API; `changes` is JSON `{field: [before, after]}`. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  actor_id: number | null;
  action: 'create' | 'update' | 'delete' | 'sign_in' | 'sign_out' | 'import' | 'reset' | 'regenerate';
  entity_type: string;
  entity_id: number | null;
  changes: string;
  /** Who the actor was (full name), written when a staff member's account is deleted; null otherwise. */
  actor_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The actor's e-mail at that moment, with `actor_name`. */
  actor_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionExpertsTable {
  session_id: number;
  user_id: number;
}

export interface SessionTeamsTable {
  session_id: number;
  team_id: number;
}

export interface AttendancesTable {
  id: Generated<number>;
  session_id: number;
  user_id: number | null;
  name: string | null;
  email: string | null;
  joined_at: Timestamp | null;
  left_at: Timestamp | null;
  /** Where the row came from (`google`, `csv`, `seed`) and its identity there: re-imports upsert on it. */
  source: string;
  external_key: string;
}

export interface AttendanceImportsTable {
  session_id: number;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface CoursesTable {
  id: Generated<number>;
  name: string;
  description: string;
  published: ColumnType<Flag, Flag | undefined, Flag>;
  cover_url: string | null;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
}

export interface ModulesTable {
  id: Generated<number>;
  course_id: number;
  name: string;
  description: string | null;
  position: number;
  cover_url: string | null;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
}

export interface LessonsTable {
  id: Generated<number>;
  module_id: number;
  position: number;
  name: string;
  video_url: string;
  description: string | null;
  /** Video length in seconds, learned from the player's reports; null until known. */
  video_length: number | null;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
}

export interface LessonProgressTable {
  user_id: number;
  lesson_id: number;
  /** Resume position, seconds. */
  position: number;
  /** JSON array of [start, end] second intervals really watched, merged and sorted. */
  watched: string;
  covered_seconds: number;
  completed: ColumnType<Flag, Flag | undefined, Flag>;
  /** Server clock (ms since epoch) of the previous sync; the budget for the next advance. */
  last_sync_ms: number;
  /** Optimistic-concurrency counter: a sync only commits if nobody wrote in between. */
  version: number;
  /** Server clock (ms) at which the current playback session started; 0 before the first one. */
  session_started_ms: ColumnType<number, number | undefined, number>;
  /** Seconds credited in the current playback session. */
  session_credited: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: ColumnType<Timestamp, Timestamp | undefined, Timestamp>;
  /** The provider's ID token of the sign-in, sent back as `id_token_hint` at logout. */
  id_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** The opaque id a sign-in is listed and ended by (GET/DELETE /api/user/tokens). */
  public_id: string;
  /** The browser's User-Agent at sign-in (at most 512 characters). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** When a token was last used, written at most once a minute (a table apart: plugins/auth.ts). */
export interface AccessTokenUsesTable {
  token_id: number;
  last_used_at: Timestamp;
}

/** A sign-in started by the server and not finished yet (one use, minutes long). */
export interface SignInRequestsTable {
  state_hash: string;
  code_verifier: string;
  nonce: string;
  created_at: Timestamp;
}

/** Authorization codes already exchanged: a code is single-use even if the provider forgets. */
export interface UsedAuthCodesTable {
  code_hash: string;
  used_at: Timestamp;
}

/** Rate-limit counters shared by the server processes (PostgreSQL; plugins/rate-limit.ts). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  /** Epoch ms the key's current window started. */
  window_started: number;
}

/**
 * What someone reported as not accessible, and how far staff got with it.
 */
export interface AccessibilityReportsTable {
  id: Generated<number>;
  /** Null for a visitor who was not signed in, and once the reporting user is deleted; name and e-mail stay for the reply. */
  user_id: number | null;
  reporter_name: string;
  reporter_email: string;
  page_url: string | null;
  description: string;
  state: 'new' | 'in_progress' | 'resolved';
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A record being saved: by whom (a random id per save) and until when, in epoch ms. */
export interface EditLeasesTable {
  key: string;
  holder: string;
  expires_at: number;
}

/** Rows are never updated: a new image gets a new path, so a path's bytes never change. */
export interface UploadedImagesTable {
  path: string;
  content_type: string;
  etag: string;
  data: Buffer;
  created_at: Timestamp;
}

/** A person's request to have their data erased; staff carry it out by deleting the account. */
export interface ErasureRequestsTable {
  id: Generated<number>;
  /** The person who asked; null once their account is deleted. */
  user_id: number | null;
  status: 'pending' | 'done';
  requested_at: Timestamp;
  completed_at: Timestamp | null;
  /** The staff member who deleted the account; null before, or once their own account is gone. */
  completed_by: number | null;
}

// @new-resource: tables (npm run new:resource adds a resource's table above this line)

/**
 * The tables, as Kysely sees them: every table is declared in this file, and the rows the code
 * passes around are named below (`<Table>Row`, `New<Table>`, `<Table>Update`).
 */
export interface Database {
  rate_limit_hits: RateLimitHitsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  past_team_members: PastTeamMembersTable;
  expert_teams: ExpertTeamsTable;
  sessions: SessionsTable;
  session_experts: SessionExpertsTable;
  session_teams: SessionTeamsTable;
  attendances: AttendancesTable;
  attendance_imports: AttendanceImportsTable;
  courses: CoursesTable;
  modules: ModulesTable;
  lessons: LessonsTable;
  lesson_progress: LessonProgressTable;
  access_tokens: AccessTokensTable;
  access_token_uses: AccessTokenUsesTable;
  used_auth_codes: UsedAuthCodesTable;
  sign_in_requests: SignInRequestsTable;
  calendar_feeds: CalendarFeedsTable;
  audit_log: AuditLogTable;
  accessibility_reports: AccessibilityReportsTable;
  edit_leases: EditLeasesTable;
  uploaded_images: UploadedImagesTable;
  erasure_requests: ErasureRequestsTable;
  row_counts: RowCountsTable;
  // @new-resource: database (npm run new:resource adds a resource's table above this line)
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CourseRow = Selectable<CoursesTable>;
export type ModuleRow = Selectable<ModulesTable>;
export type LessonRow = Selectable<LessonsTable>;
export type NewAttendance = Insertable<AttendancesTable>;
// @new-resource: rows (npm run new:resource adds a resource's row type above this line)
