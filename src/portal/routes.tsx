import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoader } from './PageLoader';

export interface PortalRoute {
  path: string;
  Component: ComponentType | LazyExoticComponent<ComponentType>;
  /** Fetches the page's code (startPortalPage does, for a page opened directly). */
  load: () => Promise<unknown>;
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

/**
 * The authenticated portal screens that sit inside the shared layout. Each page is a lazily
 * loaded module of its area (src/portal/<area>/...): `lazyPage(() => import('./<area>/<Page>'))`,
 * or `tallPage(...)` for those that always fill more than a phone's screen.
 */
export const portalRoutes: PortalRoute[] = [
  { path: '/dashboard', ...lazyPage(() => import('./Dashboard')) },
  { path: '/percorso/:teamId', ...tallPage(() => import('./team/PercorsoPage')) },
  { path: '/percorso/:teamId/sessions/:sessionId', ...tallPage(loadSessionPage) },
  { path: '/sessions/:sessionId', ...tallPage(loadSessionPage) },
  { path: '/courses', ...lazyPage(() => import('./courses/CourseListPage')) },
  { path: '/courses/:courseId/modules', ...lazyPage(() => import('./courses/CoursePage')) },
  { path: '/courses/:courseId/modules/:moduleId/lessons', ...lazyPage(() => import('./courses/ModulePage')) },
  { path: '/courses/:courseId/modules/:moduleId/lessons/:lessonId', ...lazyPage(() => import('./courses/PlayerPage')) },
  { path: '/segnala-accessibilita', ...lazyPage(() => import('./accessibility/ReportProblemPage')) },
];
