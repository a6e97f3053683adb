import { Navigate, type RouteObject } from "react-router";
import { paths } from "../config/paths.ts";
import { applicationVaRoutes } from "../features/application-va/routes.tsx";
import { assetsRoutes } from "../features/assets/routes.tsx";
import { authRoutes } from "../features/auth/routes.tsx";
import { companiesRoutes } from "../features/companies/routes.tsx";
import { creditsRoutes } from "../features/credits/routes.tsx";
import { dashboardRoutes } from "../features/dashboard/routes.tsx";
import { errorRoutes, notFoundRoute } from "../features/errors/routes.tsx";
import { exposureDetectionRoutes } from "../features/exposure-detection/routes.tsx";
import { findingsRoutes } from "../features/findings/routes.tsx";
import { networkVaRoutes } from "../features/network-va/routes.tsx";
import { privacyRoutes } from "../features/privacy/routes.tsx";
import { profileRoutes } from "../features/profile/routes.tsx";
import { sourceCodeVaRoutes } from "../features/source-code-va/routes.tsx";
import { threatInspectionRoutes } from "../features/threat-inspection/routes.tsx";
import { ticketingRoutes } from "../features/ticketing/routes.tsx";
import { uiKitsRoutes } from "../features/ui-kits/routes.tsx";
import type { RouteHandle } from "../lib/routeHandle.ts";
import { PublicOnlyLayout, SessionLayout } from "../shell/guards.tsx";
import { RootLayout } from "../shell/RootLayout.tsx";
import { RouteErrorLayout } from "../shell/RouteErrorBoundary.tsx";

const signedInOnly: RouteHandle = { requiresSession: true };

/** Every route of spec §2. Screens are lazy, so each route is its own chunk. */
export function appRoutes(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      children: [
        { path: paths.root.path, element: <Navigate replace to={paths.dashboard.getHref()} /> },
        { Component: PublicOnlyLayout, children: authRoutes },
        {
          Component: SessionLayout,
          children: [
            {
              // Errors below this point render inside the shell, which keeps working.
              Component: RouteErrorLayout,
              children: [
                {
                  handle: signedInOnly,
                  children: [
                    ...dashboardRoutes,
                    ...findingsRoutes,
                    ...companiesRoutes,
                    ...ticketingRoutes,
                    ...creditsRoutes,
                    ...assetsRoutes,
                    ...applicationVaRoutes,
                    ...sourceCodeVaRoutes,
                    ...networkVaRoutes,
                    ...exposureDetectionRoutes,
                    ...threatInspectionRoutes,
                    ...profileRoutes,
                    ...uiKitsRoutes,
                    ...errorRoutes,
                  ],
                },
                ...privacyRoutes,
                notFoundRoute,
              ],
            },
          ],
        },
      ],
    },
  ];
}
