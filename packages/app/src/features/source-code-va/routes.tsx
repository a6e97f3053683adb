import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { staffRoles } from "../../lib/roles.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
const staffOnly: RouteHandle = { roles: staffRoles };

const loadDetail = async () => ({
  Component: (await import("./screens/SourceCodeVaDetailScreen.tsx")).SourceCodeVaDetailScreen,
});
const loadOverview = async () => ({
  Component: (await import("./screens/SourceCodeVaVulnerabilityOverviewScreen.tsx"))
    .SourceCodeVaVulnerabilityOverviewScreen,
});

export const sourceCodeVaRoutes: RouteObject[] = [
  {
    path: paths.source_code_va.path,
    lazy: async () => ({ Component: (await import("./screens/SourceCodeVaListScreen.tsx")).SourceCodeVaListScreen }),
  },
  { path: paths.source_code_va_detail.path, lazy: loadDetail },
  { path: paths.source_code_va_company.path, lazy: loadDetail, handle: staffOnly },
  { path: paths.source_code_va_vulnerability_overview.path, lazy: loadOverview },
  { path: paths.source_code_va_company_vulnerability_overview.path, lazy: loadOverview, handle: staffOnly },
];
