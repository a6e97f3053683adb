import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { twinRoute, twinScreen } from "../../lib/twinRoute.ts";

const DetailScreen = lazyScreen(
  async () => (await import("./screens/NetworkVaDetailScreen.tsx")).NetworkVaDetailScreen,
);
const ScanEndpointScreen = lazyScreen(
  async () => (await import("./screens/NetworkVaScanEndpointScreen.tsx")).NetworkVaScanEndpointScreen,
);
const configTwin = async () => (await import("./twin.ts")).networkConfigTwin;
const TwinDetailScreen = twinScreen(DetailScreen, configTwin);
const TwinScanEndpointScreen = twinScreen(ScanEndpointScreen, configTwin);

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
