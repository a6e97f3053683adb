import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { twinRoute, twinScreen } from "../../lib/twinRoute.ts";

const DetailScreen = lazyScreen(
  async () => (await import("./screens/SourceCodeVaDetailScreen.tsx")).SourceCodeVaDetailScreen,
);
const OverviewScreen = lazyScreen(
  async () =>
    (await import("./screens/SourceCodeVaVulnerabilityOverviewScreen.tsx")).SourceCodeVaVulnerabilityOverviewScreen,
);
const repositoryTwin = async () => (await import("./twin.ts")).repositoryTwin;
const TwinDetailScreen = twinScreen(DetailScreen, repositoryTwin);
const TwinOverviewScreen = twinScreen(OverviewScreen, repositoryTwin);

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
export const sourceCodeVaRoutes: RouteObject[] = [
  {
    path: paths.source_code_va.path,
    Component: lazyScreen(async () => (await import("./screens/SourceCodeVaListScreen.tsx")).SourceCodeVaListScreen),
  },
  { path: paths.source_code_va_detail.path, Component: DetailScreen },
  twinRoute(paths.source_code_va_company.path, TwinDetailScreen),
  { path: paths.source_code_va_vulnerability_overview.path, Component: OverviewScreen },
  twinRoute(paths.source_code_va_company_vulnerability_overview.path, TwinOverviewScreen),
];
