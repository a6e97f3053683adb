import type { RouteObject } from "react-router";
import { paths } from "../../app/paths.ts";

export const ticketingRoutes: RouteObject[] = [
  {
    path: paths.ticketing.path,
    lazy: async () => ({ Component: (await import("./screens/TicketListScreen.tsx")).TicketListScreen }),
  },
  {
    path: paths.ticket_detail.path,
    lazy: async () => ({ Component: (await import("./screens/TicketDetailScreen.tsx")).TicketDetailScreen }),
  },
];
