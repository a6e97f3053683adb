import type { RouteObject } from "react-router";
import { assetSections, paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { twinRoute, twinScreen } from "../../lib/twinRoute.ts";

// One import per screen module: the plain route and its twin load the same chunk.
const sectionModule = () => import("./screens/AssetSectionScreen.tsx");
const SectionScreen = lazyScreen(async () => (await sectionModule()).AssetSectionScreen);
const TwinSectionScreen = twinScreen(async () => (await sectionModule()).AssetSectionTwin);

// One route per section (not a `:section` param), so an unknown section is a real not-found.
// Admin twins (`…/company/{company_id}/…`) let staff look at one client company's assets (spec §6).
export const assetsRoutes: RouteObject[] = [
  {
    path: paths.asset_inventory.path,
    Component: lazyScreen(async () => (await import("./screens/AssetInventoryScreen.tsx")).AssetInventoryScreen),
  },
  ...assetSections.flatMap((section): RouteObject[] => [
    { path: paths.asset_inventory_section.pathFor(section), Component: SectionScreen },
    twinRoute(paths.asset_inventory_company_section.pathFor(section), TwinSectionScreen),
  ]),
];
