import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PortalRoute {
  path: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
}

/**
 * The authenticated portal screens that sit inside the shared layout. Each page is a lazily
 * loaded module of its area (src/portal/<area>/...): `lazy(() => import('./<area>/<Page>'))`.
 */
export const portalRoutes: PortalRoute[] = [
  { path: '/dashboard', Component: lazy(() => import('./Dashboard')) },
  { path: '/percorso/:teamId', Component: lazy(() => import('./team/PercorsoPage')) },
  { path: '/percorso/:teamId/sessions/:sessionId', Component: lazy(() => import('./team/SessionPage')) },
  { path: '/sessions/:sessionId', Component: lazy(() => import('./team/SessionPage')) },
  { path: '/courses', Component: lazy(() => import('./courses/CourseListPage')) },
  { path: '/courses/:courseId/modules', Component: lazy(() => import('./courses/CoursePage')) },
  { path: '/courses/:courseId/modules/:moduleId/lessons', Component: lazy(() => import('./courses/ModulePage')) },
  { path: '/courses/:courseId/modules/:moduleId/lessons/:lessonId', Component: lazy(() => import('./courses/PlayerPage')) },
  { path: '/segnala-accessibilita', Component: lazy(() => import('./accessibility/ReportProblemPage')) },
];
