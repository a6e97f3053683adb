import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const creditsRoutes: RouteObject[] = [
  {
    path: paths.credits_activity.path,
    Component: lazyScreen(async () => (await import("./screens/CreditsActivityScreen.tsx")).CreditsActivityScreen),
  },
];
