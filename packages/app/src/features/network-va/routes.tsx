import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { staffRoles } from "../../lib/roles.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
const staffOnly: RouteHandle = { roles: staffRoles };

const loadDetail = async () => ({
  Component: (await import("./screens/NetworkVaDetailScreen.tsx")).NetworkVaDetailScreen,
});
const loadScanEndpoint = async () => ({
  Component: (await import("./screens/NetworkVaScanEndpointScreen.tsx")).NetworkVaScanEndpointScreen,
});

export const networkVaRoutes: RouteObject[] = [
  {
    path: paths.network_va.path,
    lazy: async () => ({ Component: (await import("./screens/NetworkVaListScreen.tsx")).NetworkVaListScreen }),
  },
  { path: paths.network_va_detail.path, lazy: loadDetail },
  { path: paths.network_va_company.path, lazy: loadDetail, handle: staffOnly },
  { path: paths.network_va_scan_endpoint.path, lazy: loadScanEndpoint },
  { path: paths.network_va_company_scan_endpoint.path, lazy: loadScanEndpoint, handle: staffOnly },
];
