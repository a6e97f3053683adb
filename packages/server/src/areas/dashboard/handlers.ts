import type { HandlerMap } from "../../http/handler.ts";

export const dashboardHandlers: HandlerMap = {};
