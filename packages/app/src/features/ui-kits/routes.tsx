import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const uiKitsRoutes: RouteObject[] = [
  {
    path: paths.ui_kits.path,
    Component: lazyScreen(async () => (await import("./screens/UiKitsScreen.tsx")).UiKitsScreen),
  },
];
