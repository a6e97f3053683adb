import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const errorRoutes: RouteObject[] = [
  {
    path: paths.forbidden.path,
    lazy: async () => ({ Component: (await import("./screens/ForbiddenScreen.tsx")).ForbiddenScreen }),
  },
];

/** Anything no other route matches. */
export const notFoundRoute: RouteObject = {
  path: "*",
  lazy: async () => ({ Component: (await import("./screens/NotFoundScreen.tsx")).NotFoundScreen }),
};
