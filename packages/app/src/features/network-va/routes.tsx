import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { twinRoute, twinScreen } from "../../lib/twinRoute.ts";

// One import per screen module: the plain route and its twin load the same chunk.
const detailModule = () => import("./screens/NetworkVaDetailScreen.tsx");
const DetailScreen = lazyScreen(async () => (await detailModule()).NetworkVaDetailScreen);
const TwinDetailScreen = twinScreen(async () => (await detailModule()).NetworkVaDetailTwin);
const scanEndpointModule = () => import("./screens/NetworkVaScanEndpointScreen.tsx");
const ScanEndpointScreen = lazyScreen(async () => (await scanEndpointModule()).NetworkVaScanEndpointScreen);
const TwinScanEndpointScreen = twinScreen(async () => (await scanEndpointModule()).NetworkVaScanEndpointTwin);

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
export const networkVaRoutes: RouteObject[] = [
  {
    path: paths.network_va.path,
    Component: lazyScreen(async () => (await import("./screens/NetworkVaListScreen.tsx")).NetworkVaListScreen),
  },
  { path: paths.network_va_detail.path, Component: DetailScreen },
  twinRoute(paths.network_va_company.path, TwinDetailScreen),
  { path: paths.network_va_scan_endpoint.path, Component: ScanEndpointScreen },
  twinRoute(paths.network_va_company_scan_endpoint.path, TwinScanEndpointScreen),
];
