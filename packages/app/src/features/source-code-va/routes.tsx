import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { twinRoute, twinScreen } from "../../lib/twinRoute.ts";

// One import per screen module: the plain route and its twin load the same chunk.
const detailModule = () => import("./screens/SourceCodeVaDetailScreen.tsx");
const DetailScreen = lazyScreen(async () => (await detailModule()).SourceCodeVaDetailScreen);
const TwinDetailScreen = twinScreen(async () => (await detailModule()).SourceCodeVaDetailTwin);
const overviewModule = () => import("./screens/SourceCodeVaVulnerabilityOverviewScreen.tsx");
const OverviewScreen = lazyScreen(async () => (await overviewModule()).SourceCodeVaVulnerabilityOverviewScreen);
const TwinOverviewScreen = twinScreen(async () => (await overviewModule()).SourceCodeVaVulnerabilityOverviewTwin);

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
