import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";
import type { RouteHandle } from "../../lib/routeHandle.ts";

// Spec §6: the company directory and everything under it is for staff only.
const staffOnly: RouteHandle = { roles: ["SUPER_ADMIN", "ANALYST"] };

export const companiesRoutes: RouteObject[] = [
  {
    handle: staffOnly,
    children: [
      {
        path: paths.company_directory.path,
        Component: lazyScreen(
          async () => (await import("./screens/CompanyDirectoryScreen.tsx")).CompanyDirectoryScreen,
        ),
      },
      {
        path: paths.company_information.path,
        Component: lazyScreen(
          async () => (await import("./screens/CompanyInformationScreen.tsx")).CompanyInformationScreen,
        ),
      },
    ],
  },
  {
    path: paths.company_management.path,
    Component: lazyScreen(async () => (await import("./screens/CompanyManagementScreen.tsx")).CompanyManagementScreen),
  },
];
