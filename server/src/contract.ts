/**
 * The API contract as types, for the front end. Each type is `Static<>` of the schema the server
 * validates or serializes with, so the browser's idea of an answer cannot drift from the answer.
 *
 * The front end imports this module with `import type` only (the build erases it, so no server
 * code or TypeBox reaches the bundle); a lint rule refuses any other import from server/ in src/,
 * except the dependency-free video URL rule.
 */
import type { Static } from 'typebox';
import type { CurrentUserResponse } from './modules/me/schemas.js';
import type { RepeatRuleBody } from './modules/sessions/schemas.js';

export type { PermissionName } from './access/permissions.js';
export type { ErrorBody, ListMeta } from './http/schemas.js';
export type { ClientConfig as PublicConfig } from './modules/config/schemas.js';
export type {
  AuthCallbackBody,
  AuthCallbackResponse,
  AuthLoginResponse,
  AuthLogoutResponse,
  SignInRefusalReason,
} from './modules/auth/schemas.js';

/** GET /api/user: the signed-in user with teams, expert work and the calendar feed. */
export type User = Static<typeof CurrentUserResponse>['data'];

export type { AdminStats } from './modules/stats/schemas.js';
export type { AdminUser, UserMoocBody, UserRolesBody } from './modules/users/schemas.js';
export type { ExpertAccess, ExpertResource } from './modules/experts/schemas.js';
export type { PermissionResource, RoleResource } from './modules/roles/schemas.js';
export type {
  PastTeamMember,
  PersonSummary,
  TeamDetail,
  TeamMember,
  TeamMemberAddBody,
  TeamMemberUpdateBody,
  TeamSummary,
} from './modules/teams/schemas.js';
/** `repeat` of POST /api/sessions: a series of sessions. */
export type RepeatRule = Static<typeof RepeatRuleBody>;
export type {
  AttendanceItem,
  SessionExpertBody,
  SessionField,
  SessionResource,
  SessionTeam,
  SessionTeamsBody,
  SessionType,
} from './modules/sessions/schemas.js';
export type { Course } from './modules/courses/schemas.js';
export type { Module } from './modules/course-modules/schemas.js';
export type { MoveBody, MoveDirection } from './modules/positions/schemas.js';
export type { Lesson, LessonSyncBody } from './modules/lessons/schemas.js';
export type { AccessibilityReport } from './modules/accessibility-reports/schemas.js';
export type { SignIn } from './modules/user-tokens/schemas.js';
export type { AuditEntry } from './modules/audit/schemas.js';
export type {
  DashboardSummary,
  ImportState,
  LearnerLesson,
  LearningResponse,
  ParticipationResponse,
} from './modules/reports/schemas.js';
export type { ErasureRequestResource, OwnErasureRequest } from './modules/privacy/schemas.js';
// @new-resource: contract (npm run new:resource adds a resource's types above this line)
