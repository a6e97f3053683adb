import type { ScanFrequency, ThreatInspectionConfiguration } from "@sentinel/api-client";
import { parseScanFrequency } from "./pricing.ts";

/**
 * The purchase flow lives on `/threat-inspection` under search params, so a reload, the back
 * button or a shared link resumes it at the same step:
 *   `?purchase=new[&target=<exposure target id>]`          step 1, optionally prefilled
 *   `?purchase=<config id>&step=endpoints|estimate|pay|done[&frequency=WEEKLY]`
 */
export type PurchaseStep = "create" | "endpoints" | "estimate" | "pay" | "done";

export const purchaseSteps: readonly { id: Exclude<PurchaseStep, "done">; label: string }[] = [
  { id: "create", label: "Create" },
  { id: "endpoints", label: "Select endpoints" },
  { id: "estimate", label: "Estimate" },
  { id: "pay", label: "Pay" },
];

export type PurchaseState =
  | { kind: "none" }
  | { kind: "new"; target: number | null }
  | { kind: "config"; id: number; step: Exclude<PurchaseStep, "create">; frequency: ScanFrequency | null };

const positiveInt = (raw: string | null): number | null =>
  raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

const configSteps = ["endpoints", "estimate", "pay", "done"] as const;

export function readPurchaseState(search: URLSearchParams): PurchaseState {
  const purchase = search.get("purchase");
  if (purchase === null) return { kind: "none" };
  if (purchase === "new") return { kind: "new", target: positiveInt(search.get("target")) };
  const id = positiveInt(purchase);
  // An unreadable id starts a new purchase rather than showing a broken step.
  if (id === null) return { kind: "new", target: null };
  const rawStep = search.get("step");
  const step = configSteps.find((s) => s === rawStep) ?? "endpoints";
  return { kind: "config", id, step, frequency: parseScanFrequency(search.get("frequency")) };
}

const purchaseKeys = ["purchase", "step", "target", "frequency"] as const;

/** The next search params for a purchase state; other params (the list's page) are kept. */
export function writePurchaseState(current: URLSearchParams, state: PurchaseState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of purchaseKeys) next.delete(key);
  if (state.kind === "new") {
    next.set("purchase", "new");
    if (state.target !== null) next.set("target", String(state.target));
  } else if (state.kind === "config") {
    next.set("purchase", String(state.id));
    next.set("step", state.step);
    if (state.frequency) next.set("frequency", state.frequency);
  }
  return next;
}

/** `/threat-inspection?…` for a purchase state: the link other screens use to start or resume one. */
export function purchaseSearch(state: PurchaseState): string {
  const search = writePurchaseState(new URLSearchParams(), state).toString();
  return search ? `?${search}` : "";
}

/** Where resuming an unpaid configuration continues: endpoints first, then a fresh estimate. */
export function resumeStep(config: Pick<ThreatInspectionConfiguration, "targets_count">): "endpoints" | "estimate" {
  return config.targets_count > 0 ? "estimate" : "endpoints";
}

/**
 * The step a URL may show for a configuration: estimating or paying needs selected endpoints, so a
 * link to a later step of an empty configuration falls back to the endpoint step.
 */
export function allowedStep(
  step: Exclude<PurchaseStep, "create">,
  config: Pick<ThreatInspectionConfiguration, "targets_count">,
): Exclude<PurchaseStep, "create"> {
  if ((step === "estimate" || step === "pay") && config.targets_count === 0) return "endpoints";
  return step;
}

/** 1-based position of a step in the stepper; `done` counts as past the last step. */
export function stepNumber(step: PurchaseStep): number {
  if (step === "done") return purchaseSteps.length + 1;
  return purchaseSteps.findIndex((s) => s.id === step) + 1;
}
