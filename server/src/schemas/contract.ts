/**
 * The API contract as types, for the front end. Each type is `Static<>` of the schema the server
 * validates or serializes with, so the browser's idea of an answer cannot drift from the answer.
 *
 * The front end imports this module with `import type` only (the build erases it, so no server
 * code or TypeBox reaches the bundle); a lint rule refuses any other import from server/ in src/,
 * except the dependency-free video URL rule.
 */
import type { Static } from 'typebox';
import type { RepeatRuleBody } from './session.js';
import type { CurrentUserResponse } from './user.js';

export type { PermissionName } from '../permissions.js';
export type { ErrorBody, ListMeta } from './common.js';
export type { ClientConfig as PublicConfig } from './config.js';
export type { AuthCallbackBody, AuthCallbackResponse, AuthLoginResponse, AuthLogoutResponse } from './auth.js';

/** GET /api/user: the signed-in user with teams, expert work and the calendar feed. */
export type User = Static<typeof CurrentUserResponse>['data'];
export type { Coordinator, ExpertSession, ExpertTeam, UserRole, UserTeam } from './user.js';

export type { AdminStats, AdminUser, UserMoocBody, UserRolesBody } from './user-admin.js';
export type { ExpertAccess, ExpertResource } from './expert.js';
export type { PermissionResource, RoleResource } from './role.js';
export type { PastTeamMember, PersonSummary, TeamDetail, TeamMember, TeamMemberAddBody, TeamMemberUpdateBody, TeamSummary } from './team.js';
/** `repeat` of POST /api/sessions: a series of sessions. */
export type RepeatRule = Static<typeof RepeatRuleBody>;
export type { AttendanceItem, SessionExpertBody, SessionField, SessionResource, SessionTeam, SessionTeamsBody, SessionType } from './session.js';
export type { AttendanceImportState, AttendanceRow } from './attendance.js';
export type { Course } from './course.js';
export type { Module } from './module.js';
export type { MoveBody, MoveDirection } from './positions.js';
export type { Lesson, LessonSyncBody } from './lesson.js';
export type { AccessibilityReport } from './accessibility-report.js';
export type { AuditEntry } from './audit.js';
export type { DashboardSummary, ImportState, LearnerLesson, LearningResponse, ParticipationResponse } from './report.js';
