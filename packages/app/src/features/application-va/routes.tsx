import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { twinRoute, twinScreen } from "../../lib/twinRoute.ts";

// One import per screen module: the plain route and its twin load the same chunk.
const detailModule = () => import("./screens/ApplicationVaDetailScreen.tsx");
const DetailScreen = lazyScreen(async () => (await detailModule()).ApplicationVaDetailScreen);
const TwinDetailScreen = twinScreen(async () => (await detailModule()).ApplicationVaDetailTwin);

// Admin twins (`…/company/{company_id}`) let staff look at one client company's data (spec §6).
export const applicationVaRoutes: RouteObject[] = [
  {
    path: paths.application_va.path,
    Component: lazyScreen(async () => (await import("./screens/ApplicationVaListScreen.tsx")).ApplicationVaListScreen),
  },
  { path: paths.application_va_detail.path, Component: DetailScreen },
  twinRoute(paths.application_va_company.path, TwinDetailScreen),
];
