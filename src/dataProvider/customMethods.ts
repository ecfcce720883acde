import type { Identifier } from 'ra-core';
import type {
  AdminStats,
  DashboardSummary,
  ImportState,
  LearnerLesson,
  LearningResponse,
  ParticipationResponse,
  PermissionResource,
  SessionField,
  SessionResource,
  TeamMemberUpdateBody,
} from '../../server/src/schemas/contract';
import { apiDownload, apiRequest, unwrapData } from './http';
import { toListQuery, type ListParams } from './listQuery';
import { toListResult } from './listResult';
import { sessionApi } from './sessionApi';

export interface UploadImageParams {
  /** The record's path under /api, e.g. `teams/5` or `courses/3/modules/7`. */
  path: string;
  field: 'avatar' | 'cover';
  blob: Blob;
  filename?: string;
}

export interface SyncLessonBody {
  /** Seconds played. */
  duration: number;
  /** The video's length in seconds, when known. */
  length?: number;
  /** The playback rate (1 = normal speed), when known. */
  rate?: number;
}

/** The API calls that are not plain CRUD on a resource. */
export const customMethods = {
  ...sessionApi,

  getTeamMembers: async <T = unknown>(teamId: Identifier): Promise<T[]> =>
    unwrapData<T[]>(await apiRequest('GET', `teams/${teamId}/users`)) ?? [],

  addTeamMember: (teamId: Identifier, userId: Identifier) => apiRequest('POST', `teams/${teamId}/users/${userId}`),

  removeTeamMember: (teamId: Identifier, userId: Identifier) => apiRequest('DELETE', `teams/${teamId}/users/${userId}`),

  /** PUT /api/teams/{id}/users/{userId}: the Europe/Rome day (`YYYY-MM-DD`) the member joined. */
  setTeamMemberJoinDate: (teamId: Identifier, userId: Identifier, joinedOn: string) =>
    apiRequest('PUT', `teams/${teamId}/users/${userId}`, { body: { joined_on: joinedOn } satisfies TeamMemberUpdateBody }),

  /** GET /api/teams/{id}/sessions/upcoming: sessions not ended yet, soonest first, `perPage` of them, with `fields` only. */
  getUpcomingTeamSessions: async <F extends SessionField>(teamId: Identifier, perPage: number, fields: readonly F[]): Promise<Array<Pick<SessionResource, F>>> =>
    unwrapData<Array<Pick<SessionResource, F>> | null>(
      await apiRequest('GET', `teams/${teamId}/sessions/upcoming`, { query: `per_page=${perPage}&fields=${fields.join(',')}` }),
    ) ?? [],

  /** GET /api/teams/{id}/sessions/next: the team's next appointment, or null. */
  getNextTeamSession: async (teamId: Identifier): Promise<SessionResource | null> =>
    unwrapData<SessionResource | null>(await apiRequest('GET', `teams/${teamId}/sessions/next`)) ?? null,

  /** GET /api/teams/{id}/sessions/{sessionId}: a session as seen from the team. */
  getTeamSession: async (teamId: Identifier, sessionId: Identifier): Promise<SessionResource> =>
    unwrapData<SessionResource>(await apiRequest('GET', `teams/${teamId}/sessions/${sessionId}`)),

  getTeamSessions: async <T = unknown>(teamId: Identifier, params: ListParams = {}) =>
    toListResult<T>(await apiRequest('GET', `teams/${teamId}/sessions`, { query: toListQuery(params) })),

  addSessionExpert: (sessionId: Identifier, userId: Identifier) =>
    apiRequest('POST', `sessions/${sessionId}/experts`, { body: { user_id: userId } }),

  removeSessionExpert: (sessionId: Identifier, userId: Identifier) =>
    apiRequest('DELETE', `sessions/${sessionId}/experts/${userId}`),

  setSessionTeams: (sessionId: Identifier, teamIds: Identifier[]) =>
    apiRequest('PUT', `sessions/${sessionId}/teams`, { body: { teams: teamIds } }),

  /** GET /api/stats: the back-office dashboard's counts. */
  getAdminStats: async (): Promise<AdminStats> => unwrapData<AdminStats>(await apiRequest('GET', 'stats')),

  /** GET /api/permissions: the catalogue a role's permissions are chosen from. */
  getPermissionCatalogue: async (): Promise<PermissionResource[]> =>
    unwrapData<PermissionResource[] | null>(await apiRequest('GET', 'permissions')) ?? [],

  setUserRoles: (userId: Identifier, roleIds: Identifier[]) =>
    apiRequest('PUT', `users/${userId}/roles`, { body: { roles: roleIds } }),

  setUserMooc: (userId: Identifier, moocAccess: boolean) =>
    apiRequest('PUT', `users/${userId}/mooc`, { body: { mooc_access: moocAccess } }),

  /** Multipart POST with `_method=PUT` (Laravel's method spoofing); the browser sets the Content-Type. */
  uploadImage: async <T = unknown>({ path, field, blob, filename }: UploadImageParams): Promise<{ data: T }> => {
    const form = new FormData();
    form.append(field, blob, filename ?? `${field}.${blob.type === 'image/png' ? 'png' : 'jpg'}`);
    form.append('_method', 'PUT');
    return { data: unwrapData<T>(await apiRequest('POST', `${path}/${field}`, { body: form })) };
  },

  syncLesson: async <T = unknown>(
    courseId: Identifier,
    moduleId: Identifier,
    lessonId: Identifier,
    body: SyncLessonBody,
    options: { keepalive?: boolean } = {},
  ): Promise<T> =>
    unwrapData<T>(
      await apiRequest('POST', `courses/${courseId}/modules/${moduleId}/lessons/${lessonId}/sync`, {
        body,
        keepalive: options.keepalive,
      }),
    ),

  downloadAttendances: (sessionId: Identifier): Promise<Blob> => apiDownload(`sessions/${sessionId}/attendances/excel`),

  /** The participation report: `query.from`/`query.to` (days) and `filter[team_id]`. */
  getParticipationReport: (params: ListParams): Promise<ParticipationResponse> =>
    apiRequest<ParticipationResponse>('GET', 'reports/participation', { query: toListQuery(params) }),

  /** participation.xlsx, with the same parameters. */
  downloadParticipationReport: (params: ListParams): Promise<Blob> => apiDownload('reports/participation/excel', { query: toListQuery(params) }),

  /** The learning report of one course: `filter[course_id]` and `filter[team_id]`. */
  getLearningReport: (params: ListParams): Promise<LearningResponse> =>
    apiRequest<LearningResponse>('GET', 'reports/learning', { query: toListQuery(params) }),

  /** learning.xlsx, with the same parameters. */
  downloadLearningReport: (params: ListParams): Promise<Blob> => apiDownload('reports/learning/excel', { query: toListQuery(params) }),

  /** One learner's lessons in the learning report (`filter[course_id]`). */
  getLearnerLessons: async (userId: Identifier, params: ListParams): Promise<LearnerLesson[]> =>
    unwrapData<LearnerLesson[] | null>(await apiRequest('GET', `reports/learning/learners/${userId}`, { query: toListQuery(params) })) ?? [],

  /** The programme figures of the back-office dashboard. */
  getReportsDashboard: async (): Promise<DashboardSummary> => unwrapData<DashboardSummary>(await apiRequest('GET', 'reports/dashboard')),

  /** The sessions list as a spreadsheet: its search, filters and sort, every row. */
  downloadSessions: (params: ListParams): Promise<Blob> => apiDownload('sessions/excel', { query: toListQuery(params) }),

  /** Forgets one learner's progress on one lesson (the learning report's reset). */
  resetLessonProgress: (courseId: Identifier, moduleId: Identifier, lessonId: Identifier, userId: Identifier) =>
    apiRequest('DELETE', `courses/${courseId}/modules/${moduleId}/lessons/${lessonId}/progress/${userId}`),

  /** Asks for the session's attendance import again; resolves with the import's new state. */
  retryAttendanceImport: async (sessionId: Identifier): Promise<ImportState> =>
    unwrapData<ImportState>(await apiRequest('POST', `attendance-imports/${sessionId}/retry`)),

  /** One session as an iCalendar file ("Aggiungi al calendario"). */
  downloadSessionCalendar: (sessionId: Identifier): Promise<Blob> => apiDownload(`sessions/${sessionId}/calendar.ics`),

  /** Replaces the caller's calendar feed URL; the previous one stops working at once. */
  regenerateCalendarFeed: async (): Promise<string> =>
    unwrapData<{ calendar_feed_url: string }>(await apiRequest('POST', 'user/calendar-feed')).calendar_feed_url,
};

export type CustomMethods = typeof customMethods;
