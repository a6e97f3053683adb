import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const creditsRoutes: RouteObject[] = [
  {
    path: paths.credits_activity.path,
    lazy: async () => ({
      Component: (await import("./screens/CreditsActivityScreen.tsx")).CreditsActivityScreen,
    }),
  },
];
