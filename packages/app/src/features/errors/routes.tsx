import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const errorRoutes: RouteObject[] = [
  {
    path: paths.forbidden.path,
    Component: lazyScreen(async () => (await import("./screens/ForbiddenScreen.tsx")).ForbiddenScreen),
  },
];

/** Anything no other route matches. */
export const notFoundRoute: RouteObject = {
  path: "*",
  Component: lazyScreen(async () => (await import("./screens/NotFoundScreen.tsx")).NotFoundScreen),
};
