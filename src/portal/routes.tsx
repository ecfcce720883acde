import { Suspense, type ComponentType } from 'react';
import { retryableLazy } from '../components/retryableLazy';
import { PageLoader } from './PageLoader';
import { portalPageLoads, type PortalPageLoad } from './pageLoads';

export interface PortalRoute extends PortalPageLoad {
  Component: ComponentType;
}

/**
 * A page always taller than a phone's screen, with its own tall loader while its code comes: the
 * layout's short one would leave the footer in view, to be pushed down when the page renders.
 */
function tallPage(load: PortalPageLoad['load'], tall: NonNullable<PortalPageLoad['tall']>): ComponentType {
  const Page = retryableLazy(load);
  return function TallPage() {
    return (
      <Suspense fallback={<PageLoader tall={tall} />}>
        <Page />
      </Suspense>
    );
  };
}

/** The portal pages of src/portal/pageLoads.ts, each with the component that renders it. */
export const portalRoutes: PortalRoute[] = portalPageLoads.map((page) => ({
  ...page,
  Component: page.tall ? tallPage(page.load, page.tall) : retryableLazy(page.load),
}));
