import type { CreditTransaction, CreditType, PaymentMethod, TransactionAction } from "@sentinel/api-client";

/** Labels of the credit types, in the order the balance cards show them. */
export const creditTypeLabels = {
  NETWORKVA: "Network VA",
  APPLICATIONVA: "Web Application VA",
  SOURCECODE: "Source Code",
  THREATINSPECTION: "Threat Inspection",
  EXPOSUREDETECTION: "Exposure Detection",
} as const satisfies Record<CreditType, string>;

/**
 * Credit types a company can buy: every type it holds a balance of, exposure detection included
 * (docs/decisions.md, "Credits add up (issue 28)").
 */
export const purchasableCreditTypes = [
  "NETWORKVA",
  "APPLICATIONVA",
  "SOURCECODE",
  "THREATINSPECTION",
  "EXPOSUREDETECTION",
] as const satisfies readonly CreditType[];

export const transactionActionLabels = {
  TOPUP: "Top-up",
  SPENDING: "Spending",
  REFUND: "Refund",
} as const satisfies Record<TransactionAction, string>;

export const paymentMethodLabels = {
  BANK_TRANSFER: "Bank Transfer",
  CREDIT_CARD: "Credit Card",
} as const satisfies Record<PaymentMethod, string>;

export function creditTypeLabel(type: string): string {
  return (creditTypeLabels as Record<string, string>)[type] ?? type;
}

/**
 * The amount with the sign its action implies: spending always takes credits away, top-ups and
 * refunds always add them. The API already sends spending as negative; this also holds when a
 * row arrives unsigned, so the list can never show spending as income.
 */
export function signedAmount(transaction: Pick<CreditTransaction, "amount" | "transaction_action">): number {
  const amount = Number.isFinite(transaction.amount) ? Math.abs(transaction.amount) : 0;
  return transaction.transaction_action === "SPENDING" ? -amount : amount;
}

// Spec §9: the Indonesian number format with zero decimals, as ui's formatSignedCredits writes it.
const signedCredits = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0, signDisplay: "exceptZero" });

/**
 * A transaction's amount for the list, signed by its action: "+1.500" for a top-up or refund,
 * "-250" for spending, "0" for zero or a missing value. Kept here (not only in ui) so the node
 * unit tests can pin the sign rule and the format together.
 */
export function formatTransactionAmount(transaction: Pick<CreditTransaction, "amount" | "transaction_action">): string {
  const value = Math.round(signedAmount(transaction));
  return value === 0 ? "0" : signedCredits.format(value);
}

/** Tone of a signed amount: income reads positive, spending critical. */
export function amountTone(amount: number): "positive" | "critical" | "neutral" {
  return amount > 0 ? "positive" : amount < 0 ? "critical" : "neutral";
}
