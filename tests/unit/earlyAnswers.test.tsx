import { render, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { ThemeProvider } from '@mui/system';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../src/App';
import { startPortalPage } from '../../src/startPage';
import { takeEarlyAnswer, untakenEarlyAnswers } from '../../src/dataProvider/earlyAnswers';
import { httpClient, requestEarly } from '../../src/dataProvider/http';
import { queryClient } from '../../src/queryClient';
import { portalPageLoads } from '../../src/portal/pageLoads';
import { portalRoutes } from '../../src/portal/routes';
import { appTheme } from '../../src/theme';
import { makeUser, testConfig } from './renderWithApp';

/*
 * A portal page opened directly asks what it reads first while its code is still downloading (each
 * route's `early` URLs). Those URLs must be exactly the ones the page's data hooks ask: one the page never
 * asks is a wasted request, and one spelled differently is asked twice.
 */

const record = { id: 1, name: 'Voce', description: null, position: 1, published: true, video_url: '/v.mp4' };

/** Every API path answers: the current user, config, permissions, a record for `/…/{id}`, else an empty list. */
function answerEverything() {
  const fetchMock = vi.fn(async (url: string) => {
    const path = url.split('?')[0];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (path === '/api/config') return json(testConfig);
    if (path === '/api/user') return json({ data: makeUser({ teams: [{ id: 7, name: 'Squadra' }] as never }) });
    if (path === '/api/user/permissions') return json({ data: [] });
    if (path.endsWith('/sessions/next')) return json({ data: null });
    if (/\/\d+$/.test(path)) return json({ data: { ...record, id: Number(path.split('/').pop()) } });
    return json({ data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const pages: Array<[string, string]> = [
  ['/percorso/:teamId', '/percorso/7'],
  ['/percorso/:teamId/sessions/:sessionId', '/percorso/7/sessions/3'],
  ['/sessions/:sessionId', '/sessions/3'],
  ['/courses', '/courses'],
  ['/courses/:courseId/modules', '/courses/2/modules'],
  ['/courses/:courseId/modules/:moduleId/lessons', '/courses/2/modules/4/lessons'],
  ['/courses/:courseId/modules/:moduleId/lessons/:lessonId', '/courses/2/modules/4/lessons/5'],
];

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  // What an earlier test left untaken must not be taken, or count, here.
  for (const url of untakenEarlyAnswers()) void takeEarlyAnswer(url);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pages opened directly', () => {
  it('every route that names early URLs is checked here', () => {
    expect(portalRoutes.filter((route) => route.early).map((route) => route.path)).toEqual(
      pages.map(([pattern]) => pattern),
    );
  });

  it.each(pages)(
    '%s: its early URLs are asked once, before its code runs, and each is what the page reads',
    async (pattern, path) => {
      localStorage.setItem('token', `token-for-${path}`);
      const api = answerEverything();
      const pageLoad = portalPageLoads.find((candidate) => candidate.path === pattern)!;
      const load = vi.spyOn(pageLoad, 'load');
      window.history.replaceState(null, '', path);
      startPortalPage(path);
      const route = portalRoutes.find((candidate) => candidate.path === pattern)!;
      const params = Object.fromEntries(
        pattern
          .split('/')
          .flatMap((part, index) => (part.startsWith(':') ? [[part.slice(1), path.split('/')[index]]] : [])),
      );
      const early = route.early!(params);
      // Asked before anything has rendered.
      for (const url of early) expect(api.mock.calls.map(([url]) => url)).toContain(url);
      // The page's code is left to its route: run now, it would run with the theme and the app in one long task.
      expect(load).not.toHaveBeenCalled();

      render(
        <BrowserRouter>
          <ThemeProvider theme={appTheme()}>
            <AppRoutes />
          </ThemeProvider>
        </BrowserRouter>,
      );

      // The page takes each early answer rather than asking again.
      await waitFor(() => expect(untakenEarlyAnswers()).toEqual([]), { timeout: 5000 });
      const asked = api.mock.calls.map(([url]) => url);
      for (const url of early) expect(asked.filter((candidate) => candidate === url)).toHaveLength(1);
    },
  );
});

describe('the HTTP client and an early answer', () => {
  it('the first GET of the URL takes it; a later one asks again', async () => {
    localStorage.setItem('token', 'early');
    const api = answerEverything();
    requestEarly('/api/courses/9');
    expect((await httpClient('/api/courses/9')).json).toMatchObject({ data: { id: 9 } });
    await httpClient('/api/courses/9');
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('another token, or another method, does not take it', async () => {
    localStorage.setItem('token', 'first');
    const api = answerEverything();
    requestEarly('/api/courses/9');
    await httpClient('/api/courses/9', { method: 'PUT', body: '{}' });
    localStorage.setItem('token', 'second');
    await httpClient('/api/courses/9');
    expect(api).toHaveBeenCalledTimes(3);
  });
});
