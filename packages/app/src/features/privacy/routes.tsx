import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const privacyRoutes: RouteObject[] = [
  {
    path: paths.privacy_policy.path,
    lazy: async () => ({ Component: (await import("./screens/PrivacyPolicyScreen.tsx")).PrivacyPolicyScreen }),
  },
];
