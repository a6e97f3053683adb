import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const profileRoutes: RouteObject[] = [
  {
    path: paths.profile_account.path,
    lazy: async () => ({ Component: (await import("./screens/ProfileAccountScreen.tsx")).ProfileAccountScreen }),
  },
];
