import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { HttpError, I18nContext } from 'ra-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/i18n';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from '../../src/theme';
import {
  completionPercent,
  lessonsCompletion,
  nextLessonOf,
  resumePosition,
  coverageOf,
} from '../../src/portal/courses/completion';
import CourseListPage from '../../src/portal/courses/CourseListPage';
import CoursePage from '../../src/portal/courses/CoursePage';
import ModulePage from '../../src/portal/courses/ModulePage';
import type { Course, Lesson, Module } from '../../src/portal/courses/types';
import { LessonCard } from '../../src/admin/lessons/LessonCard';
import { isAcceptedVideoUrl, isValidPosition, lessonSummary } from '../../src/admin/lessons/lessonText';
import { makeUser, stubPortalProviders } from './support/portalHarness';

const course = (overrides: Partial<Course> = {}): Course => ({
  id: 1,
  name: 'Fondamenti di impresa',
  description: "Dall'idea al primo round.",
  published: true,
  cover_url: null,
  completed_lessons: 1,
  total_lessons: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const lesson = (overrides: Partial<Lesson> = {}): Lesson => ({
  id: 1,
  module_id: 1,
  position: 1,
  name: 'Benvenuti',
  video_url: '/storage/videos/benvenuti.mp4',
  // What the API answers: signed for the site's own videos, the address itself for the others.
  playback_url: overrides.video_url ?? '/storage/videos/benvenuti.mp4?expires=1900000000&signature=firma',
  description: null,
  completed: false,
  progress: 0,
  watched_seconds: 0,
  video_length: 16,
  required_ratio: 0.9,
  ...overrides,
});

const module = (overrides: Partial<Module> = {}): Module => ({
  id: 1,
  course_id: 1,
  name: "Dall'idea al modello",
  description: null,
  position: 1,
  cover_url: null,
  completed_lessons: 0,
  total_lessons: 2,
  ...overrides,
});

/** Renders `routes` in a memory data router (so the history action can be read) with the portal's texts and fake providers. */
function renderRoutes(
  routes: Array<{ path: string; element: ReactElement }>,
  url: string,
  dataProvider: object,
  { userArrives }: { userArrives?: Promise<unknown> } = {},
) {
  stubPortalProviders({ user: makeUser({ name: 'Giulia' }), userArrives, dataProvider });
  const router = createMemoryRouter(
    routes.map(({ path, element }) => ({
      path,
      element: <I18nContext.Provider value={i18nProvider}>{element}</I18nContext.Provider>,
    })),
    { initialEntries: ['/', url], initialIndex: 1 },
  );
  render(
    <ThemeProvider theme={appTheme()}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

const listOf = <T,>(data: T[]) => vi.fn(async () => ({ data, total: data.length }));

describe('completion', () => {
  it('rounds completed / total × 100', () => {
    expect(completionPercent(1, 3)).toBe(33);
    expect(completionPercent(2, 3)).toBe(67);
    expect(completionPercent(1, 8)).toBe(13);
    expect(completionPercent(3, 3)).toBe(100);
  });

  it('is 0 when there is nothing to complete', () => {
    expect(completionPercent(0, 0)).toBe(0);
    expect(lessonsCompletion([])).toBe(0);
    expect(lessonsCompletion(undefined)).toBe(0);
  });

  it('counts the lessons with completed true', () => {
    expect(lessonsCompletion([{ completed: true }, { completed: false }, { completed: false }])).toBe(33);
  });

  it('resumes only lessons not completed, from their saved progress', () => {
    expect(resumePosition({ completed: false, progress: 9 })).toBe(9);
    expect(resumePosition({ completed: true, progress: 9 })).toBeNull();
    expect(resumePosition({ completed: false, progress: 0 })).toBeNull();
  });

  it('finds the next lesson, none after the last', () => {
    const lessons = [{ id: 4 }, { id: 7 }, { id: 9 }];
    expect(nextLessonOf(lessons, '7')).toEqual({ id: 9 });
    expect(nextLessonOf(lessons, 9)).toBeNull();
  });

  it('tells the learner the coverage against the threshold', () => {
    expect(coverageOf({ watched_seconds: 12.7, video_length: 22, required_ratio: 0.9 })).toEqual({
      watched: 12,
      length: 22,
      percent: 90,
    });
    expect(coverageOf({ watched_seconds: 3, video_length: null, required_ratio: 0.85 })).toEqual({
      watched: 3,
      length: null,
      percent: 85,
    });
  });
});

describe('Videocorsi (course list)', () => {
  it('goes straight to the only course, replacing the history entry', async () => {
    const router = renderRoutes(
      [
        { path: '/courses', element: <CourseListPage /> },
        { path: '/courses/:courseId/modules', element: <p>Moduli del corso</p> },
      ],
      '/courses',
      { getList: listOf([course({ id: 5 })]) },
    );
    expect(await screen.findByText('Moduli del corso')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/5/modules');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('greets the learner and shows a card per course', async () => {
    renderRoutes([{ path: '/courses', element: <CourseListPage /> }], '/courses', {
      getList: listOf([
        course({ id: 1, name: 'Primo corso' }),
        course({ id: 2, name: 'Secondo corso', description: 'Crescita' }),
      ]),
    });
    expect(await screen.findByText('Ciao, Giulia')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Secondo corso/ })).toHaveAttribute('href', '/courses/2/modules');
    expect(screen.getByText('Crescita')).toBeInTheDocument();
    // Each card says how far the learner is in it.
    expect(screen.getByRole('link', { name: /Primo corso/ })).toHaveTextContent('1 di 3 lezioni completate');
  });

  it('greets the learner by name even when the courses come before the user', async () => {
    let answerUser: () => void = () => undefined;
    const userArrives = new Promise<void>((resolve) => (answerUser = resolve));
    renderRoutes(
      [{ path: '/courses', element: <CourseListPage /> }],
      '/courses',
      { getList: listOf([course({ id: 1, name: 'Primo corso' }), course({ id: 2, name: 'Secondo corso' })]) },
      { userArrives },
    );

    expect(await screen.findByRole('status')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Primo corso/ })).not.toBeInTheDocument();
    answerUser();
    expect(await screen.findByText('Ciao, Giulia')).toBeInTheDocument();
  });

  it('says so when there is no course', async () => {
    renderRoutes([{ path: '/courses', element: <CourseListPage /> }], '/courses', { getList: listOf([]) });
    expect(await screen.findByText('Nessun corso trovato.')).toBeInTheDocument();
  });

  it('explains a refusal of the server in Italian', async () => {
    // ra-core logs the failed query; the page is what this test is about.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/courses', element: <CourseListPage /> }], '/courses', {
      getList: vi.fn(async () => {
        throw new HttpError('Forbidden', 403, {});
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Non hai accesso ai videocorsi.');
    quiet.mockRestore();
  });
});

describe('course page (modules)', () => {
  it('shows the rounded completion and links each module to its lessons', async () => {
    renderRoutes([{ path: '/courses/:courseId/modules', element: <CoursePage /> }], '/courses/1/modules', {
      getOne: vi.fn(async () => ({ data: course({ completed_lessons: 2, total_lessons: 3 }) })),
      getList: listOf([module({ id: 3, name: 'Raccontare la startup' })]),
    });
    expect(await screen.findByTestId('completion-percent')).toHaveTextContent('67%');
    expect(screen.getByText('Completamento')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Raccontare la startup/ })).toHaveAttribute(
      'href',
      '/courses/1/modules/3/lessons',
    );
  });

  it('a course not published, refused to a learner with course access, says so and leads back to the courses', async () => {
    const refused = new HttpError('Questo corso non è disponibile.', 403);
    const router = createMemoryRouter(
      [
        {
          path: '/courses/:courseId/modules',
          element: (
            <I18nContext.Provider value={i18nProvider}>
              <CoursePage />
            </I18nContext.Provider>
          ),
        },
      ],
      { initialEntries: ['/courses/3/modules'] },
    );
    stubPortalProviders({
      user: makeUser({ mooc_access: true }),
      dataProvider: {
        getOne: vi.fn(async () => Promise.reject(refused)),
        getList: vi.fn(async () => Promise.reject(refused)),
      },
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Questo videocorso non è disponibile.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna ai videocorsi' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByText('Non hai accesso ai videocorsi.')).toBeNull();
  });

  it('says so when the course has no module', async () => {
    renderRoutes([{ path: '/courses/:courseId/modules', element: <CoursePage /> }], '/courses/1/modules', {
      getOne: vi.fn(async () => ({ data: course() })),
      getList: listOf([]),
    });
    expect(await screen.findByText('Nessun modulo trovato.')).toBeInTheDocument();
  });
});

describe('module page (lessons)', () => {
  it('numbers the lessons with a green or red badge and links them to the player', async () => {
    renderRoutes(
      [{ path: '/courses/:courseId/modules/:moduleId/lessons', element: <ModulePage /> }],
      '/courses/1/modules/2/lessons',
      {
        getOne: vi.fn(async () => ({ data: module({ id: 2 }) })),
        getList: listOf([
          lesson({ id: 10, name: 'Canvas', completed: true }),
          lesson({ id: 11, position: 2, name: 'Pitch' }),
        ]),
      },
    );
    expect(await screen.findByText('1. Canvas')).toBeInTheDocument();
    expect(screen.getByText('2. Pitch')).toBeInTheDocument();
    const done = screen.getByText('Completata');
    const todo = screen.getByText('Non completata');
    expect(done).toHaveStyle({
      backgroundColor: appTheme().palette.success.main,
      color: appTheme().palette.success.contrastText,
    });
    expect(todo).toHaveStyle({
      backgroundColor: appTheme().palette.error.main,
      color: appTheme().palette.error.contrastText,
    });
    expect(screen.getByTestId('completion-percent')).toHaveTextContent('50%');
    expect(screen.getByRole('link', { name: /Pitch/ })).toHaveAttribute('href', '/courses/1/modules/2/lessons/11');
  });

  it('says so when the module has no lesson', async () => {
    renderRoutes(
      [{ path: '/courses/:courseId/modules/:moduleId/lessons', element: <ModulePage /> }],
      '/courses/1/modules/2/lessons',
      {
        getOne: vi.fn(async () => ({ data: module({ id: 2 }) })),
        getList: listOf([]),
      },
    );
    expect(await screen.findByText('Nessuna lezione trovata.')).toBeInTheDocument();
    expect(screen.getByTestId('completion-percent')).toHaveTextContent('0%');
  });
});

describe('admin lesson cards', () => {
  it('cut descriptions at 64 characters with "..."', () => {
    const exact = 'a'.repeat(64);
    expect(lessonSummary(exact)).toBe(exact);
    expect(lessonSummary(`${exact}b`)).toBe(`${exact}...`);
    expect(lessonSummary('')).toBeNull();
    expect(lessonSummary(null)).toBeNull();
  });

  it('show "position. name" and "Nessuna descrizione fornita" without a description', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: <LessonCard lesson={lesson({ position: 4, name: 'Cap table' })} onAction={() => undefined} />,
        },
      ],
      '/',
      {},
    );
    expect(await screen.findByText('4. Cap table')).toBeInTheDocument();
    expect(screen.getByText('Nessuna descrizione fornita')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifica Cap table' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elimina Cap table' })).toBeInTheDocument();
  });

  it("show the video's length, or that without one nobody can complete the lesson", async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <LessonCard lesson={lesson({ name: 'Con durata', video_length: 95 })} onAction={() => undefined} />
              <LessonCard lesson={lesson({ name: 'Senza durata', video_length: null })} onAction={() => undefined} />
            </>
          ),
        },
      ],
      '/',
      {},
    );
    expect(await screen.findByText('Durata: 1:35')).toBeInTheDocument();
    expect(screen.getByText('Durata non impostata: nessuno può completare questa lezione')).toBeInTheDocument();
  });

  it('accept the video URLs the server accepts', () => {
    expect(isAcceptedVideoUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe(true);
    expect(isAcceptedVideoUrl('https://vimeo.com/76979871')).toBe(true);
    expect(isAcceptedVideoUrl('/storage/videos/benvenuti.mp4')).toBe(true);
    expect(isAcceptedVideoUrl('/storage/../secret')).toBe(false);
    expect(isAcceptedVideoUrl('ftp://example.com/a.mp4')).toBe(false);
    expect(isAcceptedVideoUrl('video.mp4')).toBe(false);
    expect(isAcceptedVideoUrl('https://example.com/a b.mp4')).toBe(false);
  });

  it('want a whole position from 1', () => {
    expect(isValidPosition(3)).toBe(true);
    expect(isValidPosition('2')).toBe(true);
    expect(isValidPosition(0)).toBe(false);
    expect(isValidPosition(1.5)).toBe(false);
    expect(isValidPosition('abc')).toBe(false);
  });
});
