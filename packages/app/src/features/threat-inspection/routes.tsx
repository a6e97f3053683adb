import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const threatInspectionRoutes: RouteObject[] = [
  {
    path: paths.threat_inspection.path,
    Component: lazyScreen(
      async () => (await import("./screens/ThreatInspectionListScreen.tsx")).ThreatInspectionListScreen,
    ),
  },
  {
    path: paths.threat_inspection_target_overview.path,
    Component: lazyScreen(
      async () =>
        (await import("./screens/ThreatInspectionTargetOverviewScreen.tsx")).ThreatInspectionTargetOverviewScreen,
    ),
  },
  {
    path: paths.threat_inspection_vulnerability_overview.path,
    Component: lazyScreen(
      async () =>
        (await import("./screens/ThreatInspectionVulnerabilityOverviewScreen.tsx"))
          .ThreatInspectionVulnerabilityOverviewScreen,
    ),
  },
];
