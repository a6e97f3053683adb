import type { RouteObject } from "react-router";
import { assetSections, paths } from "../../app/paths.ts";
import { staffRoles } from "../../lib/roles.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Admin twins (`…/company/{company_id}/…`) let staff look at one client company's assets (spec §6).
const staffOnly: RouteHandle = { roles: staffRoles };

const loadSection = async () => ({
  Component: (await import("./screens/AssetSectionScreen.tsx")).AssetSectionScreen,
});

// One route per section (not a `:section` param), so an unknown section is a real not-found.
export const assetsRoutes: RouteObject[] = [
  {
    path: paths.asset_inventory.path,
    lazy: async () => ({ Component: (await import("./screens/AssetInventoryScreen.tsx")).AssetInventoryScreen }),
  },
  ...assetSections.flatMap((section): RouteObject[] => [
    { path: paths.asset_inventory_section.pathFor(section), lazy: loadSection },
    { path: paths.asset_inventory_company_section.pathFor(section), lazy: loadSection, handle: staffOnly },
  ]),
];
