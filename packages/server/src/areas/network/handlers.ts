import type { HandlerMap } from "../../http/handler.ts";

export const networkHandlers: HandlerMap = {};
