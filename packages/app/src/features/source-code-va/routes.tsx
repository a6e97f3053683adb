import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { staffRoles } from "../../lib/roles.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
const staffOnly: RouteHandle = { roles: staffRoles };

const DetailScreen = lazyScreen(
  async () => (await import("./screens/SourceCodeVaDetailScreen.tsx")).SourceCodeVaDetailScreen,
);
const OverviewScreen = lazyScreen(
  async () =>
    (await import("./screens/SourceCodeVaVulnerabilityOverviewScreen.tsx")).SourceCodeVaVulnerabilityOverviewScreen,
);

export const sourceCodeVaRoutes: RouteObject[] = [
  {
    path: paths.source_code_va.path,
    Component: lazyScreen(async () => (await import("./screens/SourceCodeVaListScreen.tsx")).SourceCodeVaListScreen),
  },
  { path: paths.source_code_va_detail.path, Component: DetailScreen },
  { path: paths.source_code_va_company.path, Component: DetailScreen, handle: staffOnly },
  { path: paths.source_code_va_vulnerability_overview.path, Component: OverviewScreen },
  { path: paths.source_code_va_company_vulnerability_overview.path, Component: OverviewScreen, handle: staffOnly },
];
