import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

// Every signed-in role opens /findings: the API scopes a client's index to their own company.
export const findingsRoutes: RouteObject[] = [
  {
    path: paths.findings.path,
    Component: lazyScreen(async () => (await import("./screens/FindingsScreen.tsx")).FindingsScreen),
  },
];
