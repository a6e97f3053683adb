import type { TicketCategory, TicketStatus, UserSummary } from "@sentinel/api-client";

export const ticketCategoryLabels = {
  BUG: "Bug",
  PAYMENT: "Payment",
  REFUND: "Refund",
  FEATURE: "Feature Request",
  ACCOUNT: "Account",
  OTHER: "Other",
} as const satisfies Record<TicketCategory, string>;

export const ticketStatuses = ["UNREAD", "PROCESSING", "CLOSED"] as const satisfies readonly TicketStatus[];

export function isTicketCategory(value: string | null | undefined): value is TicketCategory {
  return typeof value === "string" && Object.hasOwn(ticketCategoryLabels, value);
}

export function isTicketStatus(value: string | undefined): value is TicketStatus {
  return (ticketStatuses as readonly string[]).includes(value ?? "");
}

/** A person's name for the thread and lists; the API may send no user (deleted account, system). */
export function personName(user: UserSummary | null | undefined, fallback = "Unknown user"): string {
  return user?.fullname?.trim() || user?.email || fallback;
}

/**
 * `sender_type` is a free string whose values the spec does not show ("staff" and "client" in
 * static mode); shown capitalised, never interpreted beyond that.
 */
export function senderTypeLabel(senderType: string): string {
  const text = senderType.replace(/[_-]+/g, " ").trim().toLowerCase();
  return text ? text[0]?.toUpperCase() + text.slice(1) : "Unknown";
}

/**
 * A Django duration string ("3 04:05:06.123", "04:05:06") as "3d 4h", "4h 05m" or "5m".
 * Unparseable values come back unchanged so nothing the API sends is hidden.
 */
export function formatLifetime(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(?:(-?\d+) (?:days?, )?)?(\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(value.trim());
  if (!match) return value;
  const days = Number(match[1] ?? 0);
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (days > 0) return hours > 0 ? `${days}d ${hours}h` : `${days}d`;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, "0")}m`;
  return minutes > 0 ? `${minutes}m` : "under a minute";
}
