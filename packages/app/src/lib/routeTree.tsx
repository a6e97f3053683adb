import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type RouteObject, useLocation, useRoutes } from "react-router";
import { matchPathname } from "./routeMatches.ts";

const RouteTreeContext = createContext<RouteObject[]>([]);

/**
 * Renders the route tree for the current location. The app uses react-router's declarative
 * router, not the data router: the data router's loader and action machinery costs about 17 kB
 * gzip on the sign-in page, and the app loads its data through TanStack Query instead.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }): ReactNode {
  return <RouteTreeContext.Provider value={routes}>{useRoutes(routes)}</RouteTreeContext.Provider>;
}

/** The `handle` of every route matched by the current location, outermost first. */
export function useRouteHandles(): readonly unknown[] {
  const routes = useContext(RouteTreeContext);
  const { pathname } = useLocation();
  return useMemo(() => (matchPathname(routes, pathname) ?? []).map((match) => match.route.handle), [routes, pathname]);
}
