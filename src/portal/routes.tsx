import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageLoader } from './PageLoader';
import { portalPageLoads, type PortalPageLoad } from './pageLoads';

export interface PortalRoute extends PortalPageLoad {
  Component: ComponentType | LazyExoticComponent<ComponentType>;
}

/**
 * A page always taller than a phone's screen, with its own tall loader while its code comes: the
 * layout's short one would leave the footer in view, to be pushed down when the page renders.
 */
function tallPage(load: PortalPageLoad['load']): ComponentType {
  const Page = lazy(load);
  return function TallPage() {
    return (
      <Suspense fallback={<PageLoader tall />}>
        <Page />
      </Suspense>
    );
  };
}

/** The portal pages of src/portal/pageLoads.ts, each with the component that renders it. */
export const portalRoutes: PortalRoute[] = portalPageLoads.map((page) => ({ ...page, Component: page.tall ? tallPage(page.load) : lazy(page.load) }));
