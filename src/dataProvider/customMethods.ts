import type { Identifier } from 'ra-core';
import type {
  Lesson,
  LessonSyncBody,
  OwnErasureRequest,
  SessionField,
  SessionResource,
  SignIn,
  User,
} from '../../server/src/contract';
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

/**
 * The API calls the portal makes that are not plain CRUD on a resource. The back-office's own
 * (memberships, roles, reports, spreadsheets…) are in ./backOfficeMethods.ts, which loads with it.
 */
export const customMethods = {
  ...sessionApi,

  /** GET /api/teams/{id}/sessions/upcoming: sessions not ended yet, soonest first, `perPage` of them, with `fields` only. */
  getUpcomingTeamSessions: async <F extends SessionField>(
    teamId: Identifier,
    perPage: number,
    fields: readonly F[],
  ): Promise<Array<Pick<SessionResource, F>>> =>
    unwrapData<Array<Pick<SessionResource, F>> | null>(
      await apiRequest('GET', `teams/${teamId}/sessions/upcoming`, {
        query: `per_page=${perPage}&fields=${fields.join(',')}`,
      }),
    ) ?? [],

  /** GET /api/teams/{id}/sessions/next: the team's next appointment, or null. */
  getNextTeamSession: async (teamId: Identifier): Promise<SessionResource | null> =>
    unwrapData<SessionResource | null>(await apiRequest('GET', `teams/${teamId}/sessions/next`)) ?? null,

  /** GET /api/teams/{id}/sessions/{sessionId}: a session as seen from the team. */
  getTeamSession: async (teamId: Identifier, sessionId: Identifier): Promise<SessionResource> =>
    unwrapData<SessionResource>(await apiRequest('GET', `teams/${teamId}/sessions/${sessionId}`)),

  /** GET /api/teams/{id}/sessions: a page of the team's sessions, with the fields `params` asks for. */
  getTeamSessions: async <T extends Partial<SessionResource> = SessionResource>(
    teamId: Identifier,
    params: ListParams = {},
  ) => toListResult<T>(await apiRequest('GET', `teams/${teamId}/sessions`, { query: toListQuery(params) })),

  /** Multipart POST with `_method=PUT` (Laravel's method spoofing); the browser sets the Content-Type. */
  uploadImage: async <T = unknown>({ path, field, blob, filename }: UploadImageParams): Promise<{ data: T }> => {
    const form = new FormData();
    form.append(field, blob, filename ?? `${field}.${blob.type === 'image/png' ? 'png' : 'jpg'}`);
    form.append('_method', 'PUT');
    return { data: unwrapData<T>(await apiRequest('POST', `${path}/${field}`, { body: form })) };
  },

  /** POST .../lessons/{lessonId}/sync: the playback position; resolves with the lesson and its progress. */
  syncLesson: async (
    courseId: Identifier,
    moduleId: Identifier,
    lessonId: Identifier,
    body: LessonSyncBody,
    options: { keepalive?: boolean } = {},
  ): Promise<Lesson> =>
    unwrapData<Lesson>(
      await apiRequest('POST', `courses/${courseId}/modules/${moduleId}/lessons/${lessonId}/sync`, {
        body,
        keepalive: options.keepalive,
      }),
    ),

  /** One session as an iCalendar file ("Aggiungi al calendario"). */
  downloadSessionCalendar: (sessionId: Identifier): Promise<Blob> => apiDownload(`sessions/${sessionId}/calendar.ics`),

  /** Replaces the caller's calendar feed URL; the previous one stops working at once. */
  regenerateCalendarFeed: async (): Promise<string> =>
    unwrapData<Pick<User, 'calendar_feed_url'>>(await apiRequest('POST', 'user/calendar-feed')).calendar_feed_url,

  /** GET /api/user/export: everything Percorso holds about the caller, as a JSON file ("I miei dati"). */
  downloadMyData: (): Promise<Blob> => apiDownload('user/export'),

  /** GET /api/user/erasure-request: the caller's pending erasure request, or null. */
  getErasureRequest: async (): Promise<OwnErasureRequest | null> =>
    unwrapData<OwnErasureRequest | null>(await apiRequest('GET', 'user/erasure-request')) ?? null,

  /** POST /api/user/erasure-request: asks to be erased; the pending request (a new one or the same). */
  requestErasure: async (): Promise<OwnErasureRequest> =>
    unwrapData<OwnErasureRequest>(await apiRequest('POST', 'user/erasure-request')),

  /** GET /api/user/tokens: the caller's sign-ins ("Accessi attivi"), the current one marked. */
  getSignIns: async (): Promise<SignIn[]> => unwrapData<SignIn[]>(await apiRequest('GET', 'user/tokens')),

  /** Ends one of the caller's sign-ins: its token is refused from its next request. */
  endSignIn: async (id: string): Promise<void> => {
    await apiRequest('DELETE', `user/tokens/${encodeURIComponent(id)}`);
  },

  /** Ends every sign-in of the caller, the current one included. */
  endAllSignIns: async (): Promise<void> => {
    await apiRequest('DELETE', 'user/tokens');
  },
};

export type CustomMethods = typeof customMethods;
