import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoader } from './PageLoader';

export interface PortalRoute {
  path: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
}

/**
 * A page always taller than a phone's screen, with its own tall loader while its code comes: the
 * layout's short one would leave the footer in view, to be pushed down when the page renders.
 */
function tallPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function TallPage() {
    return (
      <Suspense fallback={<PageLoader tall />}>
        <Page />
      </Suspense>
    );
  };
}

const loadSessionPage = () => import('./team/SessionPage');

/**
 * The authenticated portal screens that sit inside the shared layout. Each page is a lazily
 * loaded module of its area (src/portal/<area>/...): `lazy(() => import('./<area>/<Page>'))`, or
 * `tallPage(...)` for those that always fill more than a phone's screen.
 */
export const portalRoutes: PortalRoute[] = [
  { path: '/dashboard', Component: lazy(() => import('./Dashboard')) },
  { path: '/percorso/:teamId', Component: tallPage(() => import('./team/PercorsoPage')) },
  { path: '/percorso/:teamId/sessions/:sessionId', Component: tallPage(loadSessionPage) },
  { path: '/sessions/:sessionId', Component: tallPage(loadSessionPage) },
  { path: '/courses', Component: lazy(() => import('./courses/CourseListPage')) },
  { path: '/courses/:courseId/modules', Component: lazy(() => import('./courses/CoursePage')) },
  { path: '/courses/:courseId/modules/:moduleId/lessons', Component: lazy(() => import('./courses/ModulePage')) },
  { path: '/courses/:courseId/modules/:moduleId/lessons/:lessonId', Component: lazy(() => import('./courses/PlayerPage')) },
  { path: '/segnala-accessibilita', Component: lazy(() => import('./accessibility/ReportProblemPage')) },
];
