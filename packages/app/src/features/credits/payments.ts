import type { Payment } from "@sentinel/api-client";
import { creditTypeLabel } from "./format.ts";

/** "Network VA 1.000, Source Code 500": what a payment buys, for the list's Items column. */
export function describeItems(payment: Pick<Payment, "items">, format: (value: number) => string): string {
  if (payment.items.length === 0) return "No items";
  return payment.items.map((item) => `${creditTypeLabel(item.transaction_type)} ${format(item.amount)}`).join(", ");
}

/** Whether the expiry countdown applies: only a payment still waiting for money can expire. */
export function isAwaitingPayment(payment: Pick<Payment, "status" | "is_deleted">): boolean {
  return payment.status === "UNPAID" && !payment.is_deleted;
}
