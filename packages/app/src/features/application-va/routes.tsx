import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { staffRoles } from "../../lib/roles.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
const staffOnly: RouteHandle = { roles: staffRoles };

const DetailScreen = lazyScreen(
  async () => (await import("./screens/ApplicationVaDetailScreen.tsx")).ApplicationVaDetailScreen,
);

export const applicationVaRoutes: RouteObject[] = [
  {
    path: paths.application_va.path,
    Component: lazyScreen(async () => (await import("./screens/ApplicationVaListScreen.tsx")).ApplicationVaListScreen),
  },
  { path: paths.application_va_detail.path, Component: DetailScreen },
  { path: paths.application_va_company.path, Component: DetailScreen, handle: staffOnly },
];
