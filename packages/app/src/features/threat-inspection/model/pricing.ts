import type { ChargeSummary, ScanFrequency } from "@sentinel/api-client";

/** Spec §9: each endpoint costs 10 credits, a credit is priced 10, and there is no application fee. */
export const CREDITS_PER_ENDPOINT = 10;
export const CREDIT_PRICE = 10;
export const APPLICATION_FEE = 0;

export const scanFrequencies: readonly ScanFrequency[] = ["WEEKLY", "MONTHLY", "QUARTERLY"];

export const scanFrequencyLabel: Record<ScanFrequency, string> = {
  WEEKLY: "Weekly",
  MONTHLY: "Monthly",
  QUARTERLY: "Quarterly",
};

/** A new purchase starts monthly: the middle option, and what the seeded drafts use. */
export const defaultScanFrequency: ScanFrequency = "MONTHLY";

export function parseScanFrequency(raw: string | null | undefined): ScanFrequency | null {
  return scanFrequencies.find((f) => f === raw) ?? null;
}

/** What the client expects the server to charge for `endpointCount` endpoints, before asking it. */
export function expectedCredits(endpointCount: number): number {
  return endpointCount * CREDITS_PER_ENDPOINT + APPLICATION_FEE;
}

/**
 * Whether the estimate on screen still describes what the user chose. A different frequency or a
 * different number of endpoints needs a new estimate (and a new invoice) before anything is paid.
 */
export function estimateIsCurrent(
  summary: Pick<ChargeSummary, "scan_frequency" | "total_endpoints"> | null | undefined,
  wanted: { frequency: ScanFrequency; endpointCount: number },
): boolean {
  return (
    summary != null && summary.scan_frequency === wanted.frequency && summary.total_endpoints === wanted.endpointCount
  );
}

export interface Affordability {
  /** Credits of the threat-inspection balance before paying. */
  before: number;
  /** Credits left after paying; negative when the balance is too low. */
  after: number;
  /** Credits missing; 0 when the balance covers the total. */
  shortfall: number;
  canPay: boolean;
}

export function affordability(balance: number, total: number): Affordability {
  const after = balance - total;
  return { before: balance, after, shortfall: after < 0 ? -after : 0, canPay: after >= 0 };
}
