import type { TicketCategory } from "@sentinel/api-client";
import { revealBidiControls } from "@sentinel/ui";
import { ticketCategoryLabels } from "./ticketText.ts";

/** Draft ids and the shape of what they keep (lib/drafts.ts), read back defensively. */

export const replyDraftId = (ticketId: number) => `ticket-reply:${ticketId}`;

export interface ReplyDraft {
  message: string;
}

export function parseReplyDraft(fields: unknown): ReplyDraft | null {
  if (typeof fields !== "object" || fields === null) return null;
  const { message } = fields as Record<string, unknown>;
  return typeof message === "string" ? { message } : null;
}

export const newTicketDraftId = "new-ticket";

export interface NewTicketDraft {
  kind: "support" | "topup";
  name: string;
  category: TicketCategory | null;
  description: string;
  /** Credits requested; null when the field is empty. */
  topupAmount: number | null;
}

const isCategory = (value: unknown): value is TicketCategory =>
  typeof value === "string" && Object.hasOwn(ticketCategoryLabels, value);

export function parseNewTicketDraft(fields: unknown): NewTicketDraft | null {
  if (typeof fields !== "object" || fields === null) return null;
  const f = fields as Record<string, unknown>;
  if (f.kind !== "support" && f.kind !== "topup") return null;
  if (typeof f.name !== "string" || typeof f.description !== "string") return null;
  return {
    kind: f.kind,
    name: f.name,
    category: isCategory(f.category) ? f.category : null,
    description: f.description,
    topupAmount: typeof f.topupAmount === "number" && Number.isFinite(f.topupAmount) ? f.topupAmount : null,
  };
}

/** What a restored draft says, and which files to attach again (they cannot be kept). */
export function restoredNotice(what: string, fileNames: readonly string[]): string {
  return fileNames.length > 0
    ? `${what} was restored. Attach ${fileNames.length === 1 ? "its file" : "its files"} again: ${fileNames.map(revealBidiControls).join(", ")}.`
    : `${what} was restored.`;
}
