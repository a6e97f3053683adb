import type { RouteObject } from "react-router";
import { assetSections, paths } from "../../app/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import { staffRoles } from "../../lib/roles.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Admin twins (`…/company/{company_id}/…`) let staff look at one client company's assets (spec §6).
const staffOnly: RouteHandle = { roles: staffRoles };

const SectionScreen = lazyScreen(async () => (await import("./screens/AssetSectionScreen.tsx")).AssetSectionScreen);

// One route per section (not a `:section` param), so an unknown section is a real not-found.
export const assetsRoutes: RouteObject[] = [
  {
    path: paths.asset_inventory.path,
    Component: lazyScreen(async () => (await import("./screens/AssetInventoryScreen.tsx")).AssetInventoryScreen),
  },
  ...assetSections.flatMap((section): RouteObject[] => [
    { path: paths.asset_inventory_section.pathFor(section), Component: SectionScreen },
    { path: paths.asset_inventory_company_section.pathFor(section), Component: SectionScreen, handle: staffOnly },
  ]),
];
