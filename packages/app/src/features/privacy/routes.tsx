import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const privacyRoutes: RouteObject[] = [
  {
    path: paths.privacy_policy.path,
    Component: lazyScreen(async () => (await import("./screens/PrivacyPolicyScreen.tsx")).PrivacyPolicyScreen),
  },
];
