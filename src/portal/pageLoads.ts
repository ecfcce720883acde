import type { ComponentType } from 'react';
import { readUrls as url } from './reads';

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
      url.team(teamId),
      url.nextSession(teamId),
      url.upcomingSessions(teamId),
      url.teamCalendar(teamId),
    ],
  },
  {
    path: '/percorso/:teamId/sessions/:sessionId',
    load: loadSessionPage,
    tall: true,
    early: ({ teamId, sessionId }) => [url.teamSession(teamId, sessionId), url.team(teamId), url.teamCalendar(teamId)],
  },
  {
    path: '/sessions/:sessionId',
    load: loadSessionPage,
    tall: true,
    early: ({ sessionId }) => [url.session(sessionId)],
  },
  { path: '/courses', load: () => import('./courses/CourseListPage'), tall: 'phone', early: () => [url.courses()] },
  {
    path: '/courses/:courseId/modules',
    load: () => import('./courses/CoursePage'),
    tall: 'phone',
    early: ({ courseId }) => [url.course(courseId), url.modules(courseId)],
  },
  {
    path: '/courses/:courseId/modules/:moduleId/lessons',
    load: () => import('./courses/ModulePage'),
    early: ({ courseId, moduleId }) => [url.module(courseId, moduleId), url.lessons(courseId, moduleId)],
  },
  {
    path: '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
    load: () => import('./courses/PlayerPage'),
    early: ({ courseId, moduleId, lessonId }) => [
      url.lesson(courseId, moduleId, lessonId),
      url.lessons(courseId, moduleId),
    ],
  },
  { path: '/segnala-accessibilita', load: () => import('./accessibility/ReportProblemPage') },
  { path: '/i-miei-dati', load: () => import('./privacy/MyDataPage') },
  { path: '/accessi-attivi', load: () => import('./signins/SignInsPage') },
];
