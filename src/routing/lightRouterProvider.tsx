/**
 * ra-core's react-router adapter without its fallback data router.
 *
 * ra-core's own adapter (ra-core/dist/routing/adapters/reactRouterProvider.js) creates a
 * HashRouter through `createHashRouter` + `<RouterProvider>` when it is not already inside a
 * router, and that single reference pulls react-router's whole data-router runtime into every
 * bundle that touches ra-core (about 60 kB minified). Percorso always renders inside one
 * BrowserRouter, so the build substitutes this module for the adapter (build/swaps/raCoreLightRouter.ts): same hooks and
 * components, a plain <HashRouter> fallback, and the app's own Link (src/routing/Link.tsx), so
 * the back-office's links are the portal's. Blocking needs a data router in both versions, so
 * `useCanBlock` is false under BrowserRouter exactly as before, now without asking the router.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import {
  HashRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useReactRouterNavigate,
  useParams,
} from 'react-router';
import { Link } from './Link';
import type { RouterNavigateFunction, RouterProvider } from 'ra-core';

/** Blocking a navigation needs a data router, and Percorso renders in a BrowserRouter (or the HashRouter below). */
const useCanBlock = (): boolean => false;

/** Never called: ra-core asks useCanBlock first (see above). */
const useBlocker = (): never => {
  throw new Error('Percorso: blocking navigation needs a data router; see src/routing/lightRouterProvider.tsx.');
};

/** A stable navigate function (react-router's changes on every navigation). */
const useNavigate = (): RouterNavigateFunction => {
  const navigate = useReactRouterNavigate();
  const navigateRef = useRef(navigate as RouterNavigateFunction);
  useEffect(() => {
    navigateRef.current = navigate as RouterNavigateFunction;
  }, [navigate]);
  const stable = useCallback((...args: Parameters<RouterNavigateFunction>) => navigateRef.current(...args), []);
  return stable as RouterNavigateFunction;
};

const RouterWrapper = ({ basename, children }: { basename?: string; children: ReactNode }) => {
  const isInRouter = useInRouterContext();
  if (isInRouter) return <>{children}</>;
  return <HashRouter basename={basename}>{children}</HashRouter>;
};

export const reactRouterProvider = {
  useNavigate,
  useLocation,
  useParams,
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route,
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
} as unknown as RouterProvider;
