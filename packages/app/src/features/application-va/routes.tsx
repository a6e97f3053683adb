import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { twinRoute, twinScreen } from "../../lib/twinRoute.ts";

const DetailScreen = lazyScreen(
  async () => (await import("./screens/ApplicationVaDetailScreen.tsx")).ApplicationVaDetailScreen,
);
const TwinDetailScreen = twinScreen(DetailScreen, async () => (await import("./twin.ts")).webApplicationTwin);

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
export const applicationVaRoutes: RouteObject[] = [
  {
    path: paths.application_va.path,
    Component: lazyScreen(async () => (await import("./screens/ApplicationVaListScreen.tsx")).ApplicationVaListScreen),
  },
  { path: paths.application_va_detail.path, Component: DetailScreen },
  twinRoute(paths.application_va_company.path, TwinDetailScreen),
];
