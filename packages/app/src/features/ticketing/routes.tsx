import type { RouteObject } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyScreen } from "../../lib/lazyScreen.ts";

export const ticketingRoutes: RouteObject[] = [
  {
    path: paths.ticketing.path,
    Component: lazyScreen(async () => (await import("./screens/TicketListScreen.tsx")).TicketListScreen),
  },
  {
    path: paths.ticket_detail.path,
    Component: lazyScreen(async () => (await import("./screens/TicketDetailScreen.tsx")).TicketDetailScreen),
  },
];
