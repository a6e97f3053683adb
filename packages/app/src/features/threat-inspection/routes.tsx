import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const threatInspectionRoutes: RouteObject[] = [
  {
    path: paths.threat_inspection.path,
    lazy: async () => ({
      Component: (await import("./screens/ThreatInspectionListScreen.tsx")).ThreatInspectionListScreen,
    }),
  },
  {
    path: paths.threat_inspection_target_overview.path,
    lazy: async () => ({
      Component: (await import("./screens/ThreatInspectionTargetOverviewScreen.tsx"))
        .ThreatInspectionTargetOverviewScreen,
    }),
  },
  {
    path: paths.threat_inspection_vulnerability_overview.path,
    lazy: async () => ({
      Component: (await import("./screens/ThreatInspectionVulnerabilityOverviewScreen.tsx"))
        .ThreatInspectionVulnerabilityOverviewScreen,
    }),
  },
];
