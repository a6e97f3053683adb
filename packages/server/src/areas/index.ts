import type { HandlerMap } from "../http/handler.ts";
import { authHandlers } from "./auth/handlers.ts";
import { userHandlers } from "./users/handlers.ts";

/** Every implemented operation of openapi.yaml, by operationId. */
export const handlers: HandlerMap = {
  ...authHandlers,
  ...userHandlers,
};
