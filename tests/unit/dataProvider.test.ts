import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SkippedRequestError } from '../../src/dataProvider';
// The back-office's: the portal's calls and its own.
import { backOfficeDataProvider as dataProvider } from '../../src/dataProvider/backOffice';
import { mockFetch } from './fetchMock';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const meta = { current_page: 1, last_page: 2, per_page: 10, from: 1, to: 10, total: 15 };

describe('every call', () => {
  it('sends the bearer token from localStorage, Accept JSON and X-Requested-With', async () => {
    localStorage.setItem('token', 'abc');
    const { calls } = mockFetch({ body: { data: { id: 1 } } });
    await dataProvider.getOne('teams', { id: 1 });
    expect(calls[0].url).toBe('/api/teams/1');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer abc');
    expect(calls[0].headers.get('Accept')).toBe('application/json');
    expect(calls[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('sends no Authorization header without a token', async () => {
    const { calls } = mockFetch({ body: { data: [] } });
    await dataProvider.getList('teams', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it('skips any URL containing "undefined" without calling the network', async () => {
    const { fetch } = mockFetch();
    await expect(dataProvider.getOne('teams', { id: undefined as unknown as number })).rejects.toBeInstanceOf(
      SkippedRequestError,
    );
    await expect(
      dataProvider.getList('lessons', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'position', order: 'ASC' },
        filter: {},
        meta: { courseId: 1 },
      }),
    ).rejects.toBeInstanceOf(SkippedRequestError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('parses the answer as JSON only when it starts with "{"', async () => {
    mockFetch({ text: '[1,2]' }, { text: '{"data":{"id":3}}' });
    await expect(dataProvider.getOne('teams', { id: 3 })).resolves.toEqual({ data: '[1,2]' });
    await expect(dataProvider.getOne('teams', { id: 3 })).resolves.toEqual({ data: { id: 3 } });
  });
});

describe('getList', () => {
  it('maps page, per_page, sort and filter[...] and reads meta', async () => {
    const { calls } = mockFetch({ body: { data: [{ id: 1 }], meta } });
    const result = await dataProvider.getList('sessions', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'start_time', order: 'DESC' },
      filter: { search: 'pitch' },
      meta: { query: { attendances: true } },
    });
    expect(calls[0].url).toBe(
      '/api/sessions?attendances=true&page=2&per_page=10&sort=-start_time&filter[search]=pitch',
    );
    expect(result).toMatchObject({
      data: [{ id: 1 }],
      total: 15,
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
    });
  });

  it('accepts non-paginated {data} lists', async () => {
    mockFetch({ body: { data: [{ id: 1 }, { id: 2 }] } });
    const result = await dataProvider.getList('courses', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(2);
  });

  it('nests modules and lessons under their course and module', async () => {
    const { calls } = mockFetch({ body: { data: [] } }, { body: { data: [] } });
    await dataProvider.getList('modules', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'position', order: 'ASC' },
      filter: { name: 'Intro' },
      meta: { courseId: 4 },
    });
    await dataProvider.getList('lessons', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'position', order: 'ASC' },
      filter: {},
      meta: { courseId: 4, moduleId: 8 },
    });
    expect(calls[0].url).toBe('/api/courses/4/modules?page=1&per_page=50&sort=position&filter[name]=Intro');
    expect(calls[1].url).toBe('/api/courses/4/modules/8/lessons?page=1&per_page=50&sort=position');
  });

  it('getManyReference filters by the target', async () => {
    const { calls } = mockFetch({ body: { data: [], meta: { ...meta, total: 0 } } });
    await dataProvider.getManyReference('sessions', {
      target: 'team_id',
      id: 5,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'start_time', order: 'DESC' },
      filter: {},
    });
    expect(calls[0].url).toContain('filter[team_id]=5');
  });
});

describe('getOne, getMany, create, update, delete', () => {
  it('getOne unwraps {data}', async () => {
    mockFetch({ body: { data: { id: 2, name: 'Team' } } });
    await expect(dataProvider.getOne('teams', { id: 2 })).resolves.toEqual({ data: { id: 2, name: 'Team' } });
  });

  it('getOne of a nested record uses meta', async () => {
    const { calls } = mockFetch({ body: { data: { id: 9 } } });
    await dataProvider.getOne('lessons', { id: 9, meta: { courseId: 1, moduleId: 2 } });
    expect(calls[0].url).toBe('/api/courses/1/modules/2/lessons/9');
  });

  it('getMany reads every id in one request, on one page as long as the list', async () => {
    const { calls } = mockFetch({
      body: { data: [{ id: 1 }, { id: 2 }, { id: 3 }], meta: { ...meta, per_page: 3, total: 3 } },
    });
    const result = await dataProvider.getMany('users', { ids: [1, 2, 3] });
    expect(result.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/users?page=1&per_page=3&filter[id][]=1&filter[id][]=2&filter[id][]=3',
    ]);
  });

  it('getMany asks 100 ids a request at most, the most rows the API answers on a page', async () => {
    const ids = Array.from({ length: 230 }, (_, i) => i + 1);
    const { calls } = mockFetch({ body: { data: ids.map((id) => ({ id })) } });
    const result = await dataProvider.getMany('users', { ids });
    expect(new Set(result.data.map((record) => record.id))).toEqual(new Set(ids));
    const perPages = calls.map((c) => new URL(c.url, 'http://x').searchParams.get('per_page'));
    expect(perPages).toEqual(['100', '100', '30']);
    const asked = calls.map((c) => new URL(c.url, 'http://x').searchParams.getAll('filter[id][]').map(Number));
    expect(asked.flat()).toEqual(ids);
  });

  it('getMany keeps only the asked records, nests under meta, and asks nothing for no ids', async () => {
    const { calls } = mockFetch({ body: { data: [{ id: 7 }, { id: 8 }] } });
    const result = await dataProvider.getMany('modules', { ids: ['8'], meta: { courseId: 2 } });
    expect(result.data).toEqual([{ id: 8 }]);
    expect(calls[0].url).toBe('/api/courses/2/modules?page=1&per_page=1&filter[id][]=8');
    await expect(dataProvider.getMany('users', { ids: [] })).resolves.toEqual({ data: [] });
    expect(calls).toHaveLength(1);
  });

  it('create POSTs JSON and returns the created record', async () => {
    const { calls } = mockFetch({ status: 201, body: { data: { id: 7, name: 'Nuovo' } } });
    const result = await dataProvider.create('teams', { data: { name: 'Nuovo' } });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/teams', body: '{"name":"Nuovo"}' });
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
    expect(result.data).toEqual({ id: 7, name: 'Nuovo' });
  });

  it('update PUTs to the record', async () => {
    const { calls } = mockFetch({ body: { data: { id: 7, name: 'B' } } });
    const result = await dataProvider.update('teams', {
      id: 7,
      data: { name: 'B' },
      previousData: { id: 7, name: 'A' },
    });
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/api/teams/7' });
    expect(result.data).toEqual({ id: 7, name: 'B' });
  });

  it('update is conditional on the version the record was loaded with, and keeps the new one', async () => {
    const { calls } = mockFetch(
      { body: { data: { id: 8, name: 'A' } }, headers: { ETag: '"v1"' } },
      { body: { data: { id: 8, name: 'B' } }, headers: { ETag: '"v2"' } },
      { body: { data: { id: 8, name: 'C' } }, headers: { ETag: '"v3"' } },
      { body: { data: { id: 9, name: 'X' } } },
    );
    const { data: loaded } = await dataProvider.getOne('teams', { id: 8 });
    await dataProvider.update('teams', { id: 8, data: { name: 'B' }, previousData: loaded });
    await dataProvider.update('teams', { id: 8, data: { name: 'C' }, previousData: loaded });
    // A record never loaded with a version: the save is not conditional.
    await dataProvider.update('teams', { id: 9, data: { name: 'X' }, previousData: { id: 9 } });
    expect(calls.map((c) => [c.method, c.url, c.headers.get('If-Match')])).toEqual([
      ['GET', '/api/teams/8', null],
      ['PUT', '/api/teams/8', '"v1"'],
      ['PUT', '/api/teams/8', '"v2"'],
      ['PUT', '/api/teams/9', null],
    ]);
  });

  it('update falls back to the sent data when the answer has no body', async () => {
    mockFetch({ status: 204, text: '' });
    const result = await dataProvider.update('teams', {
      id: 7,
      data: { name: 'B' },
      previousData: { id: 7, name: 'A', x: 1 },
    });
    expect(result.data).toEqual({ id: 7, name: 'B', x: 1 });
  });

  it('delete returns the previous record; deleteMany deletes each', async () => {
    const { calls } = mockFetch({ status: 204 }, { status: 204 }, { status: 204 });
    await expect(dataProvider.delete('teams', { id: 3, previousData: { id: 3, name: 'X' } })).resolves.toEqual({
      data: { id: 3, name: 'X' },
    });
    await expect(dataProvider.deleteMany('teams', { ids: [4, 5] })).resolves.toEqual({ data: [4, 5] });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/teams/3',
      'DELETE /api/teams/4',
      'DELETE /api/teams/5',
    ]);
  });
});

describe('getOne, create, update, delete: the requests ra-data-simple-rest sent', () => {
  // simple-rest's URL, method, headers and body for each call, which the API and the e2e specs rely
  // on: pinned so that a change of simple-rest, or of the build's stand-ins for its imports, shows.
  it('encodes the id in the URL as simple-rest did', async () => {
    const { calls } = mockFetch({ body: { data: { id: 'a b/c?' } } }, { body: { data: { id: 5 } } });
    await expect(dataProvider.getOne('teams', { id: 'a b/c?' })).resolves.toEqual({ data: { id: 'a b/c?' } });
    await dataProvider.getOne('modules', { id: 5, meta: { courseId: 2 } });
    expect(calls.map((c) => c.url)).toEqual(['/api/teams/a%20b%2Fc%3F', '/api/courses/2/modules/5']);
  });

  it('getOne sends no body and passes the abort signal', async () => {
    const signals: Array<AbortSignal | null | undefined> = [];
    const { fetch } = mockFetch({ body: { data: { id: 1 } } });
    fetch.mockImplementationOnce(async (_url: string, init: RequestInit = {}) => {
      signals.push(init.signal);
      return new Response('{"data":{"id":1}}', { status: 200 });
    });
    const controller = new AbortController();
    await dataProvider.getOne('teams', { id: 1, signal: controller.signal });
    expect(signals).toEqual([controller.signal]);
  });

  it('create, update and delete: method, URL, headers and body', async () => {
    const { calls } = mockFetch(
      { status: 201, body: { data: { id: 3 } } },
      { body: { data: { id: 3 } } },
      { status: 204 },
    );
    await dataProvider.create('lessons', { data: { title: 'L' }, meta: { courseId: 1, moduleId: 2 } });
    await dataProvider.update('teams', { id: 3, data: { name: 'N' }, previousData: { id: 3 } });
    await dataProvider.delete('teams', { id: 3 });
    expect(calls.map((c) => [c.method, c.url, c.headers.get('Content-Type'), c.body])).toEqual([
      ['POST', '/api/courses/1/modules/2/lessons', 'application/json', '{"title":"L"}'],
      ['PUT', '/api/teams/3', 'application/json', '{"name":"N"}'],
      ['DELETE', '/api/teams/3', 'text/plain', undefined],
    ]);
  });

  it('answers the unwrapped record, or the body as it came when it has no {data}', async () => {
    mockFetch({ status: 201, body: { id: 4, name: 'X' } }, { body: { data: { id: 4, name: 'Y' } } });
    await expect(dataProvider.create('teams', { data: { name: 'X' } })).resolves.toEqual({
      data: { id: 4, name: 'X' },
    });
    await expect(dataProvider.delete('teams', { id: 4 })).resolves.toEqual({ data: { id: 4, name: 'Y' } });
  });
});

describe('errors', () => {
  it('422 {errors} → HttpError whose body.errors has one string per field', async () => {
    mockFetch({
      status: 422,
      body: {
        message: 'Dati non validi.',
        errors: { name: ['Il nome è obbligatorio.', 'x'], email: ['Email non valida.'] },
      },
    });
    const error = await dataProvider.create('users', { data: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      message: 'Dati non validi.',
      body: { errors: { name: 'Il nome è obbligatorio.', email: 'Email non valida.' } },
    });
  });

  it.each([401, 403, 404, 500])('%i propagates its status', async (status) => {
    mockFetch({ status, body: { message: 'No' } });
    await expect(dataProvider.getOne('teams', { id: 1 })).rejects.toMatchObject({ status, url: '/api/teams/1' });
  });

  it('a non-JSON error body (a proxy page) gets an Italian message, never the English status line', async () => {
    mockFetch({ status: 502, text: 'boom' });
    await expect(dataProvider.getOne('teams', { id: 1 })).rejects.toMatchObject({
      status: 502,
      message: 'Il servizio non ha risposto correttamente: riprova tra qualche istante.',
      body: 'boom',
    });
    mockFetch({ status: 413, text: '' });
    await expect(dataProvider.getOne('teams', { id: 1 })).rejects.toMatchObject({
      status: 413,
      message: 'Richiesta non riuscita (errore 413).',
    });
  });
});

describe('custom methods', () => {
  it('stats, permission catalogue and the team session reads', async () => {
    const stats = { users: 1, teams: 2, sessions: 3, experts: 4 };
    const { calls } = mockFetch(
      { body: { data: stats } },
      { body: { data: [{ name: 'read_teams', description: 'x' }] } },
      { body: { data: [{ id: 5 }] } },
      { body: { data: null } },
      { body: { data: { id: 6 } } },
    );
    await expect(dataProvider.getAdminStats()).resolves.toEqual(stats);
    await expect(dataProvider.getPermissionCatalogue()).resolves.toEqual([{ name: 'read_teams', description: 'x' }]);
    await expect(dataProvider.getUpcomingTeamSessions(2, 10000, ['id', 'name'])).resolves.toEqual([{ id: 5 }]);
    await expect(dataProvider.getNextTeamSession(2)).resolves.toBeNull();
    await expect(dataProvider.getTeamSession(2, 6)).resolves.toEqual({ id: 6 });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/stats',
      '/api/permissions',
      '/api/teams/2/sessions/upcoming?per_page=10000&fields=id,name',
      '/api/teams/2/sessions/next',
      '/api/teams/2/sessions/6',
    ]);
  });

  it('getCurrentUser and getMyPermissions unwrap data', async () => {
    const { calls } = mockFetch({ body: { data: { id: 1, name: 'Mario' } } }, { body: { data: ['read_teams', 3] } });
    await expect(dataProvider.getCurrentUser()).resolves.toEqual({ id: 1, name: 'Mario' });
    await expect(dataProvider.getMyPermissions()).resolves.toEqual(['read_teams']);
    expect(calls.map((c) => c.url)).toEqual(['/api/user', '/api/user/permissions']);
  });

  it("the learning report's reset and the attendance import retry", async () => {
    const state = { session_id: 4, status: 'pending' };
    const { calls } = mockFetch({ status: 204 }, { body: { data: state } });
    await dataProvider.resetLessonProgress(1, 2, 3, 9);
    await expect(dataProvider.retryAttendanceImport(4)).resolves.toEqual(state);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'DELETE /api/courses/1/modules/2/lessons/3/progress/9',
      'POST /api/attendance-imports/4/retry',
    ]);
  });

  it('the reports and the sessions export', async () => {
    const { calls } = mockFetch(
      { body: { data: [], meta: {} } },
      { text: 'xlsx' },
      { body: { data: [] } },
      { text: 'xlsx' },
      { body: { data: [{ lesson_id: 1 }] } },
      { body: { data: { teams: 2 } } },
      { text: 'xlsx' },
    );
    await dataProvider.getParticipationReport({ query: { from: '2026-01-01' }, filter: { team_id: 3 } });
    await dataProvider.downloadParticipationReport({ filter: { team_id: 3 } });
    await dataProvider.getLearningReport({ filter: { course_id: 5 } });
    await dataProvider.downloadLearningReport({ filter: { course_id: 5 } });
    await expect(dataProvider.getLearnerLessons(9, { filter: { course_id: 5 } })).resolves.toEqual([{ lesson_id: 1 }]);
    await expect(dataProvider.getReportsDashboard()).resolves.toEqual({ teams: 2 });
    await dataProvider.downloadSessions({ sort: { field: 'start_time', order: 'DESC' } });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/reports/participation?from=2026-01-01&filter[team_id]=3',
      '/api/reports/participation/excel?filter[team_id]=3',
      '/api/reports/learning?filter[course_id]=5',
      '/api/reports/learning/excel?filter[course_id]=5',
      '/api/reports/learning/learners/9?filter[course_id]=5',
      '/api/reports/dashboard',
      '/api/sessions/excel?sort=-start_time',
    ]);
  });

  it('team members and sessions', async () => {
    const { calls } = mockFetch(
      { body: { data: [{ id: 1 }] } },
      {},
      {},
      { body: { data: [{ id: 9, left_at: '2026-11-28T10:00:00.000Z' }] } },
      { body: { data: [], meta: { ...meta, total: 0 } } },
    );
    await expect(dataProvider.getTeamMembers(2)).resolves.toEqual([{ id: 1 }]);
    await dataProvider.addTeamMember(2, 9);
    await dataProvider.removeTeamMember(2, 9);
    await expect(dataProvider.getPastTeamMembers(2)).resolves.toEqual([{ id: 9, left_at: '2026-11-28T10:00:00.000Z' }]);
    const sessions = await dataProvider.getTeamSessions(2, {
      pagination: { page: 1, perPage: 10000 },
      sort: { field: 'start_time', order: 'DESC' },
      query: { fields: 'start_time' },
    });
    expect(sessions.total).toBe(0);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/teams/2/users',
      'POST /api/teams/2/users/9',
      'DELETE /api/teams/2/users/9',
      'GET /api/teams/2/past-users',
      'GET /api/teams/2/sessions?fields=start_time&page=1&per_page=10000&sort=-start_time',
    ]);
  });

  it('session experts and teams, user roles and mooc', async () => {
    const { calls } = mockFetch({}, {}, {}, {}, {});
    await dataProvider.addSessionExpert(3, 8);
    await dataProvider.removeSessionExpert(3, 8);
    await dataProvider.setSessionTeams(3, [1, 2]);
    await dataProvider.setUserRoles(8, [4]);
    await dataProvider.setUserMooc(8, true);
    expect(calls.map((c) => `${c.method} ${c.url} ${c.body ?? ''}`)).toEqual([
      'POST /api/sessions/3/experts {"user_id":8}',
      'DELETE /api/sessions/3/experts/8 ',
      'PUT /api/sessions/3/teams {"teams":[1,2]}',
      'PUT /api/users/8/roles {"roles":[4]}',
      'PUT /api/users/8/mooc {"mooc_access":true}',
    ]);
  });

  it('uploadImage POSTs multipart with _method=PUT and no explicit Content-Type', async () => {
    const { calls } = mockFetch({ body: { data: { id: 5, avatar: 'x.jpg' } } });
    const blob = new Blob(['img'], { type: 'image/jpeg' });
    const result = await dataProvider.uploadImage({ path: 'teams/5', field: 'avatar', blob });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/teams/5/avatar' });
    expect(calls[0].headers.has('Content-Type')).toBe(false);
    const form = calls[0].body as FormData;
    expect(form.get('_method')).toBe('PUT');
    expect(form.get('avatar')).toBeInstanceOf(Blob);
    expect(result.data).toEqual({ id: 5, avatar: 'x.jpg' });
  });

  it('syncLesson posts the played seconds, with keepalive when asked', async () => {
    const { calls } = mockFetch({ body: { data: { id: 3, completed: false } } });
    await dataProvider.syncLesson(1, 2, 3, { duration: 42, length: 300 }, { keepalive: true });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/courses/1/modules/2/lessons/3/sync',
      body: '{"duration":42,"length":300}',
      keepalive: true,
    });
  });

  it('downloadAttendances returns a Blob', async () => {
    const { calls } = mockFetch({ text: 'xlsx' });
    const blob = await dataProvider.downloadAttendances(6);
    expect(calls[0].url).toBe('/api/sessions/6/attendances/excel');
    expect(await blob.text()).toBe('xlsx');
  });

  it('exchangeCode returns the access token and refuses an answer without one', async () => {
    const { calls } = mockFetch({ body: { access_token: 'tok' } }, { body: {} });
    await expect(dataProvider.exchangeCode({ code: 'c', state: 's' })).resolves.toBe('tok');
    expect(JSON.parse(calls[0].body as string)).toEqual({ code: 'c', state: 's' });
    await expect(dataProvider.exchangeCode({ code: 'c', state: 's' })).rejects.toThrow();
  });
});
