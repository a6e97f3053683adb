import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { staffRoles } from "../../lib/roles.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
const staffOnly: RouteHandle = { roles: staffRoles };

const DetailScreen = lazyScreen(
  async () => (await import("./screens/NetworkVaDetailScreen.tsx")).NetworkVaDetailScreen,
);
const ScanEndpointScreen = lazyScreen(
  async () => (await import("./screens/NetworkVaScanEndpointScreen.tsx")).NetworkVaScanEndpointScreen,
);

export const networkVaRoutes: RouteObject[] = [
  {
    path: paths.network_va.path,
    Component: lazyScreen(async () => (await import("./screens/NetworkVaListScreen.tsx")).NetworkVaListScreen),
  },
  { path: paths.network_va_detail.path, Component: DetailScreen },
  { path: paths.network_va_company.path, Component: DetailScreen, handle: staffOnly },
  { path: paths.network_va_scan_endpoint.path, Component: ScanEndpointScreen },
  { path: paths.network_va_company_scan_endpoint.path, Component: ScanEndpointScreen, handle: staffOnly },
];
