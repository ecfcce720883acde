/**
 * ra-core's react-router adapter without its fallback data router.
 *
 * ra-core's own adapter (ra-core/dist/routing/adapters/reactRouterProvider.js) creates a
 * HashRouter through `createHashRouter` + `<RouterProvider>` when it is not already inside a
 * router, and that single reference pulls react-router's whole data-router runtime into every
 * bundle that touches ra-core (about 60 kB minified). Percorso always renders inside one
 * BrowserRouter, so vite.config.ts substitutes this module for the adapter: same hooks and
 * components, and a plain <HashRouter> fallback. Blocking needs a data router in both versions,
 * so `useCanBlock` is false under BrowserRouter exactly as before.
 */
import { useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import {
  HashRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  matchPath,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useReactRouterNavigate,
  useParams,
} from 'react-router';
import type { RouterNavigateFunction, RouterProvider } from 'ra-core';

const useCanBlock = (): boolean => {
  const dataRouterContext = useContext(UNSAFE_DataRouterContext);
  const dataRouterStateContext = useContext(UNSAFE_DataRouterStateContext);
  return !!(dataRouterContext && dataRouterStateContext);
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
