import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const profileRoutes: RouteObject[] = [
  {
    path: paths.profile_account.path,
    Component: lazyScreen(async () => (await import("./screens/ProfileAccountScreen.tsx")).ProfileAccountScreen),
  },
];
