import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoader } from './PageLoader';

export interface PortalRoute {
  path: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
  /** Fetches the page's code (startPortalPage does, for a page opened directly). */
  load: () => Promise<unknown>;
  /**
   * The API URLs (GET) the page reads first, exactly as its data hooks ask them: startPortalPage
   * asks them together with the page's code rather than after it has loaded and rendered.
   */
  early?: (params: Record<string, string | undefined>) => string[];
}

type PageModule = Promise<{ default: ComponentType }>;

function lazyPage(load: () => PageModule): Pick<PortalRoute, 'Component' | 'load'> {
  return { Component: lazy(load), load };
}

/**
 * A page always taller than a phone's screen, with its own tall loader while its code comes: the
 * layout's short one would leave the footer in view, to be pushed down when the page renders.
 */
function tallPage(load: () => PageModule): Pick<PortalRoute, 'Component' | 'load'> {
  const Page = lazy(load);
  return {
    Component: function TallPage() {
      return (
        <Suspense fallback={<PageLoader tall />}>
          <Page />
        </Suspense>
      );
    },
    load,
  };
}

const loadSessionPage = () => import('./team/SessionPage');

/** The course pages' whole lists (src/portal/courses/queries.ts): one page of up to 10000. */
const wholeListByPosition = 'page=1&per_page=10000&sort=position';
const courseList = '/api/courses?page=1&per_page=10000&sort=-created_at';
/** The days of a team's sessions, for its calendar (src/portal/team/queries.ts). */
const teamCalendar = (teamId: string | undefined) => `/api/teams/${teamId}/sessions?fields=start_time&page=1&per_page=10000&sort=start_time`;

/**
 * The authenticated portal screens that sit inside the shared layout. Each page is a lazily
 * loaded module of its area (src/portal/<area>/...): `lazyPage(() => import('./<area>/<Page>'))`,
 * or `tallPage(...)` for those that always fill more than a phone's screen. The server learns each
 * page's module from pageModules.ts (kept out of this table, so out of the entry):
 * tests/unit/pageModules.test.ts holds the two together.
 */
export const portalRoutes: PortalRoute[] = [
  { path: '/dashboard', ...lazyPage(() => import('./Dashboard')) },
  {
    path: '/percorso/:teamId',
    ...tallPage(() => import('./team/PercorsoPage')),
    early: ({ teamId }) => [
      `/api/teams/${teamId}`,
      `/api/teams/${teamId}/sessions/next`,
      `/api/teams/${teamId}/sessions/upcoming?per_page=10000&fields=id,name,start_time,type`,
      teamCalendar(teamId),
    ],
  },
  {
    path: '/percorso/:teamId/sessions/:sessionId',
    ...tallPage(loadSessionPage),
    early: ({ teamId, sessionId }) => [`/api/teams/${teamId}/sessions/${sessionId}`, `/api/teams/${teamId}`, teamCalendar(teamId)],
  },
  { path: '/sessions/:sessionId', ...tallPage(loadSessionPage), early: ({ sessionId }) => [`/api/sessions/${sessionId}`] },
  { path: '/courses', ...lazyPage(() => import('./courses/CourseListPage')), early: () => [courseList] },
  {
    path: '/courses/:courseId/modules',
    ...lazyPage(() => import('./courses/CoursePage')),
    early: ({ courseId }) => [`/api/courses/${courseId}`, `/api/courses/${courseId}/modules?${wholeListByPosition}`],
  },
  {
    path: '/courses/:courseId/modules/:moduleId/lessons',
    ...lazyPage(() => import('./courses/ModulePage')),
    early: ({ courseId, moduleId }) => {
      const module = `/api/courses/${courseId}/modules/${moduleId}`;
      return [module, `${module}/lessons?${wholeListByPosition}`];
    },
  },
  {
    path: '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    ...lazyPage(() => import('./courses/PlayerPage')),
    early: ({ courseId, moduleId, lessonId }) => {
      const lessons = `/api/courses/${courseId}/modules/${moduleId}/lessons`;
      return [`${lessons}/${lessonId}`, `${lessons}?${wholeListByPosition}`];
    },
  },
  { path: '/segnala-accessibilita', ...lazyPage(() => import('./accessibility/ReportProblemPage')) },
];
