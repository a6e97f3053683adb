import type { HandlerMap } from "../../http/handler.ts";

export const sourceCodeHandlers: HandlerMap = {};
