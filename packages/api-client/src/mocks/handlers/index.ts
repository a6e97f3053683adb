import type { HttpHandler } from "msw";
import { dispatcher } from "../dispatch.ts";
import { fallbackHandler } from "../typed.ts";
import { accountHandlers } from "./account.ts";
import { assetHandlers } from "./asset.ts";
import { assetWriteHandlers } from "./assetWrites.ts";
import { authHandlers } from "./auth.ts";
import { companyHandlers } from "./company.ts";
import { companyScopeHandlers } from "./company-scope.ts";
import { creditHandlers } from "./credit.ts";
import { dashboardHandlers } from "./dashboard.ts";
import { exposureHandlers } from "./exposure.ts";
import { findingOwnershipHandlers } from "./finding-ownership.ts";
import { findingHandlers } from "./findings.ts";
import { findingsBulkHandlers } from "./findings-bulk.ts";
import { networkHandlers } from "./network.ts";
import { paymentHandlers } from "./payment.ts";
import { scanScheduleHandlers } from "./schedules.ts";
import { sourceCodeHandlers } from "./sourcecode.ts";
import { threatHandlers } from "./threat.ts";
import { ticketHandlers, ticketLifecycleHandlers } from "./ticket.ts";
import { userHandlers } from "./user.ts";
import { webAppHandlers } from "./webapp.ts";

/** Every operation of openapi.yaml, then a JSON 404 for any other /api/v1/ URL. */
const routes: HttpHandler[] = [
  ...authHandlers,
  ...userHandlers,
  ...accountHandlers,
  ...companyHandlers,
  ...companyScopeHandlers,
  ...assetHandlers,
  ...assetWriteHandlers,
  ...dashboardHandlers,
  ...creditHandlers,
  ...paymentHandlers,
  ...networkHandlers,
  ...sourceCodeHandlers,
  ...webAppHandlers,
  ...ticketHandlers,
  ...ticketLifecycleHandlers,
  ...exposureHandlers,
  ...scanScheduleHandlers,
  ...threatHandlers,
  ...findingHandlers,
  ...findingsBulkHandlers,
  ...findingOwnershipHandlers,
  fallbackHandler,
];

/**
 * What msw is given: one handler that asks only the matching route (see `dispatcher` for why). A
 * story's or test's `msw.use(...)` override still comes first, as msw's own handlers.
 */
export const handlers: HttpHandler[] = [dispatcher(routes)];
