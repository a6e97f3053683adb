import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const dashboardRoutes: RouteObject[] = [
  {
    path: paths.dashboard.path,
    lazy: async () => ({ Component: (await import("./screens/DashboardScreen.tsx")).DashboardScreen }),
  },
];
