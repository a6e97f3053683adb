import type { HandlerMap } from "../../http/handler.ts";

export const ticketHandlers: HandlerMap = {};
