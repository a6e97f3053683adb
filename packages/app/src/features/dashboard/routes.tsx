import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard.path,
    Component: lazyScreen(async () => (await import("./screens/DashboardScreen.tsx")).DashboardScreen),
  },
];
