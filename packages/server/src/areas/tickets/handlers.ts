import type { HandlerMap } from "../../http/handler.ts";
import {
  assignTicket,
  createTicket,
  createTicketMessage,
  downloadAttachment,
  getTicket,
  listTickets,
  rateTicket,
  updateTicketStatus,
} from "./service.ts";

export const ticketHandlers: HandlerMap = {
  listTickets,
  createTicket,
  getTicket,
  createTicketMessage,
  downloadTicketAttachment: downloadAttachment,
  updateTicketStatus,
  assignTicket,
  rateTicket,
};
