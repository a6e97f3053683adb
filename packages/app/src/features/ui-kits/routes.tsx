import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const uiKitsRoutes: RouteObject[] = [
  {
    path: paths.ui_kits.path,
    lazy: async () => ({ Component: (await import("./screens/UiKitsScreen.tsx")).UiKitsScreen }),
  },
];
