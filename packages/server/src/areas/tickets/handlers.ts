import type { HandlerMap } from "../../http/handler.ts";
import { createTicket, createTicketMessage, downloadAttachment, getTicket, listTickets } from "./service.ts";

export const ticketHandlers: HandlerMap = {
  listTickets,
  createTicket,
  getTicket,
  createTicketMessage,
  downloadTicketAttachment: downloadAttachment,
};
