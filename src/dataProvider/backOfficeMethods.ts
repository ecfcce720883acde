import type { Identifier } from 'ra-core';
import type {
  AdminStats,
  DashboardSummary,
  ImportState,
  LearnerLesson,
  LearningResponse,
  Lesson,
  Module,
  MoveBody,
  MoveDirection,
  ParticipationResponse,
  PastTeamMember,
  PermissionResource,
  SessionExpertBody,
  SessionTeamsBody,
  TeamMember,
  TeamMemberAddBody,
  TeamMemberUpdateBody,
  UserMoocBody,
  UserRolesBody,
} from '../../server/src/contract';
import { apiDownload, apiRequest, unwrapData } from './http';
import { toListQuery, type ListParams } from './listQuery';

/**
 * A request body of the contract whose ids come from react-admin's records (`Identifier`: a
 * number or a string); the API's are numbers, and a record's id is the number the API gave it.
 */
type WithRecordIds<Body> = {
  [K in keyof Body]: Body[K] extends number[] ? Identifier[] : Body[K] extends number ? Identifier : Body[K];
};

/**
 * The API calls only the back-office makes beyond plain CRUD: memberships, experts, roles, course
 * access, reports and spreadsheets. Kept apart from ./customMethods.ts so that the portal's pages
 * do not download them.
 */
export const backOfficeMethods = {
  /** GET /api/teams/{id}/users: the members, with the day each joined. */
  getTeamMembers: async (teamId: Identifier): Promise<TeamMember[]> =>
    unwrapData<TeamMember[] | null>(await apiRequest('GET', `teams/${teamId}/users`)) ?? [],

  /** POST /api/teams/{id}/users/{userId}: `joinedOn`, the Europe/Rome day (`YYYY-MM-DD`) they joined; today without it. */
  addTeamMember: (teamId: Identifier, userId: Identifier, joinedOn?: string) =>
    apiRequest(
      'POST',
      `teams/${teamId}/users/${userId}`,
      joinedOn ? { body: { joined_on: joinedOn } satisfies TeamMemberAddBody } : {},
    ),

  removeTeamMember: (teamId: Identifier, userId: Identifier) => apiRequest('DELETE', `teams/${teamId}/users/${userId}`),

  /** GET /api/teams/{id}/past-users: who left the team, once per stay, the latest departure first. */
  getPastTeamMembers: async (teamId: Identifier): Promise<PastTeamMember[]> =>
    unwrapData<PastTeamMember[] | null>(await apiRequest('GET', `teams/${teamId}/past-users`)) ?? [],

  /** PUT /api/teams/{id}/users/{userId}: the Europe/Rome day (`YYYY-MM-DD`) the member joined. */
  setTeamMemberJoinDate: (teamId: Identifier, userId: Identifier, joinedOn: string) =>
    apiRequest('PUT', `teams/${teamId}/users/${userId}`, {
      body: { joined_on: joinedOn } satisfies TeamMemberUpdateBody,
    }),

  addSessionExpert: (sessionId: Identifier, userId: Identifier) =>
    apiRequest('POST', `sessions/${sessionId}/experts`, {
      body: { user_id: userId } satisfies WithRecordIds<SessionExpertBody>,
    }),

  removeSessionExpert: (sessionId: Identifier, userId: Identifier) =>
    apiRequest('DELETE', `sessions/${sessionId}/experts/${userId}`),

  setSessionTeams: (sessionId: Identifier, teamIds: Identifier[]) =>
    apiRequest('PUT', `sessions/${sessionId}/teams`, {
      body: { teams: teamIds } satisfies WithRecordIds<SessionTeamsBody>,
    }),

  /** GET /api/stats: the back-office dashboard's counts. */
  getAdminStats: async (): Promise<AdminStats> => unwrapData<AdminStats>(await apiRequest('GET', 'stats')),

  /** GET /api/permissions: the catalogue a role's permissions are chosen from. */
  getPermissionCatalogue: async (): Promise<PermissionResource[]> =>
    unwrapData<PermissionResource[] | null>(await apiRequest('GET', 'permissions')) ?? [],

  setUserRoles: (userId: Identifier, roleIds: Identifier[]) =>
    apiRequest('PUT', `users/${userId}/roles`, { body: { roles: roleIds } satisfies WithRecordIds<UserRolesBody> }),

  setUserMooc: (userId: Identifier, moocAccess: boolean) =>
    apiRequest('PUT', `users/${userId}/mooc`, { body: { mooc_access: moocAccess } satisfies UserMoocBody }),

  downloadAttendances: (sessionId: Identifier): Promise<Blob> => apiDownload(`sessions/${sessionId}/attendances/excel`),

  /** The participation report: `query.from`/`query.to` (days) and `filter[team_id]`. */
  getParticipationReport: (params: ListParams): Promise<ParticipationResponse> =>
    apiRequest<ParticipationResponse>('GET', 'reports/participation', { query: toListQuery(params) }),

  /** participation.xlsx, with the same parameters. */
  downloadParticipationReport: (params: ListParams): Promise<Blob> =>
    apiDownload('reports/participation/excel', { query: toListQuery(params) }),

  /** The learning report of one course: `filter[course_id]` and `filter[team_id]`. */
  getLearningReport: (params: ListParams): Promise<LearningResponse> =>
    apiRequest<LearningResponse>('GET', 'reports/learning', { query: toListQuery(params) }),

  /** learning.xlsx, with the same parameters. */
  downloadLearningReport: (params: ListParams): Promise<Blob> =>
    apiDownload('reports/learning/excel', { query: toListQuery(params) }),

  /** One learner's lessons in the learning report (`filter[course_id]`). */
  getLearnerLessons: async (userId: Identifier, params: ListParams): Promise<LearnerLesson[]> =>
    unwrapData<LearnerLesson[] | null>(
      await apiRequest('GET', `reports/learning/learners/${userId}`, { query: toListQuery(params) }),
    ) ?? [],

  /** The programme figures of the back-office dashboard. */
  getReportsDashboard: async (): Promise<DashboardSummary> =>
    unwrapData<DashboardSummary>(await apiRequest('GET', 'reports/dashboard')),

  /** The sessions list as a spreadsheet: its search, filters and sort, every row. */
  downloadSessions: (params: ListParams): Promise<Blob> =>
    apiDownload('sessions/excel', { query: toListQuery(params) }),

  /** Forgets one learner's progress on one lesson (the learning report's reset). */
  resetLessonProgress: (courseId: Identifier, moduleId: Identifier, lessonId: Identifier, userId: Identifier) =>
    apiRequest('DELETE', `courses/${courseId}/modules/${moduleId}/lessons/${lessonId}/progress/${userId}`),

  /**
   * Swaps a module with its neighbour in the course's order; resolves with the two modules that
   * changed, the moved one first. At the first or last place the API answers 422 (its message).
   */
  moveModule: async (courseId: Identifier, moduleId: Identifier, direction: MoveDirection): Promise<Module[]> =>
    unwrapData<Module[]>(
      await apiRequest('POST', `courses/${courseId}/modules/${moduleId}/move`, {
        body: { direction } satisfies MoveBody,
      }),
    ),

  /** Swaps a lesson with its neighbour in the module's order, as moveModule does. */
  moveLesson: async (
    courseId: Identifier,
    moduleId: Identifier,
    lessonId: Identifier,
    direction: MoveDirection,
  ): Promise<Lesson[]> =>
    unwrapData<Lesson[]>(
      await apiRequest('POST', `courses/${courseId}/modules/${moduleId}/lessons/${lessonId}/move`, {
        body: { direction } satisfies MoveBody,
      }),
    ),

  /** Asks for the session's attendance import again; resolves with the import's new state. */
  retryAttendanceImport: async (sessionId: Identifier): Promise<ImportState> =>
    unwrapData<ImportState>(await apiRequest('POST', `attendance-imports/${sessionId}/retry`)),
};

export type BackOfficeMethods = typeof backOfficeMethods;
