import type { HandlerMap } from "../../http/handler.ts";

export const companyHandlers: HandlerMap = {};
