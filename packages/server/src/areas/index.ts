import type { HandlerMap } from "../http/handler.ts";
import { accountHandlers } from "./account/handlers.ts";
import { authHandlers } from "./auth/handlers.ts";
import { companyHandlers } from "./company/handlers.ts";
import { dashboardHandlers } from "./dashboard/handlers.ts";
import { findingHandlers } from "./findings/handlers.ts";
import { networkHandlers } from "./network/handlers.ts";
import { scheduleHandlers } from "./schedules/handlers.ts";
import { sourceCodeHandlers } from "./sourcecode/handlers.ts";
import { threatHandlers } from "./threat/handlers.ts";
import { ticketHandlers } from "./tickets/handlers.ts";
import { userHandlers } from "./users/handlers.ts";
import { webAppScanHandlers } from "./webapp/handlers.ts";

/** Every implemented operation of openapi.yaml, by operationId. */
export const handlers: HandlerMap = {
  ...authHandlers,
  ...userHandlers,
  ...accountHandlers,
  ...companyHandlers,
  ...ticketHandlers,
  ...networkHandlers,
  ...sourceCodeHandlers,
  ...webAppScanHandlers,
  ...scheduleHandlers,
  ...threatHandlers,
  ...findingHandlers,
  ...dashboardHandlers,
};
