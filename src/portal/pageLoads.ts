import type { ComponentType } from 'react';

/** How a portal page's code loads, and what it reads first: plain data, without its components. */
export interface PortalPageLoad {
  path: string;
  /** Fetches the page's code (its route renders it lazily; the server names its files in the page). */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The API URLs (GET) the page reads first, exactly as its data hooks ask them: startPortalPage
   * asks them while the page's code is still downloading rather than after it has loaded and rendered.
   */
  early?: (params: Record<string, string | undefined>) => string[];
  /**
   * Taller than a phone's screen, always or (`phone`) when its cards stack in one column: its loader
   * takes the screen's height there (src/portal/routes.tsx).
   */
  tall?: true | 'phone';
}

const loadSessionPage = () => import('./team/SessionPage');

/** The course pages' whole lists (src/portal/courses/queries.ts): one page of up to 10000. */
const wholeListByPosition = 'page=1&per_page=10000&sort=position';
const courseList = '/api/courses?page=1&per_page=10000&sort=-created_at';
/** The days of a team's sessions, for its calendar (src/portal/team/queries.ts). */
const teamCalendar = (teamId: string | undefined) => `/api/teams/${teamId}/sessions?fields=start_time&page=1&per_page=10000&sort=start_time`;

/**
 * The authenticated portal screens that sit inside the shared layout. Each page is a lazily
 * loaded module of its area (src/portal/<area>/...). This table is part of the first script a
 * page runs (src/startPage.ts), so it names no component: the route table (src/portal/routes.tsx)
 * makes them. The server learns each page's module from pageModules.ts (kept out of this table,
 * so out of the browser's code): tests/unit/pageModules.test.ts holds the two together.
 */
export const portalPageLoads: PortalPageLoad[] = [
  { path: '/dashboard', load: () => import('./Dashboard') },
  {
    path: '/percorso/:teamId',
    load: () => import('./team/PercorsoPage'),
    tall: true,
    early: ({ teamId }) => [
      `/api/teams/${teamId}`,
      `/api/teams/${teamId}/sessions/next`,
      `/api/teams/${teamId}/sessions/upcoming?per_page=10000&fields=id,name,start_time,type`,
      teamCalendar(teamId),
    ],
  },
  {
    path: '/percorso/:teamId/sessions/:sessionId',
    load: loadSessionPage,
    tall: true,
    early: ({ teamId, sessionId }) => [`/api/teams/${teamId}/sessions/${sessionId}`, `/api/teams/${teamId}`, teamCalendar(teamId)],
  },
  { path: '/sessions/:sessionId', load: loadSessionPage, tall: true, early: ({ sessionId }) => [`/api/sessions/${sessionId}`] },
  { path: '/courses', load: () => import('./courses/CourseListPage'), tall: 'phone', early: () => [courseList] },
  {
    path: '/courses/:courseId/modules',
    load: () => import('./courses/CoursePage'),
    tall: 'phone',
    early: ({ courseId }) => [`/api/courses/${courseId}`, `/api/courses/${courseId}/modules?${wholeListByPosition}`],
  },
  {
    path: '/courses/:courseId/modules/:moduleId/lessons',
    load: () => import('./courses/ModulePage'),
    early: ({ courseId, moduleId }) => {
      const module = `/api/courses/${courseId}/modules/${moduleId}`;
      return [module, `${module}/lessons?${wholeListByPosition}`];
    },
  },
  {
    path: '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    load: () => import('./courses/PlayerPage'),
    early: ({ courseId, moduleId, lessonId }) => {
      const lessons = `/api/courses/${courseId}/modules/${moduleId}/lessons`;
      return [`${lessons}/${lessonId}`, `${lessons}?${wholeListByPosition}`];
    },
  },
  { path: '/segnala-accessibilita', load: () => import('./accessibility/ReportProblemPage') },
];
