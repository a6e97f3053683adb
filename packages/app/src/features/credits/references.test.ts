import { describe, expect, it } from "vitest";
import { paymentHref, referenceHref } from "./references.ts";

const ref = (kind: Parameters<typeof referenceHref>[0]["kind"], target_id: number | null = null) => ({
  kind,
  id: 7,
  scan_id: 3,
  target_id,
  label: "x",
});

describe("a transaction's link", () => {
  it("opens the invoice on Credits Activity, in the URL", () => {
    expect(referenceHref(ref("PAYMENT"))).toBe("/credits-activity?tab=payments&payment=7");
    expect(paymentHref(12)).toBe("/credits-activity?tab=payments&payment=12");
  });

  it("opens the page each area shows its scans on", () => {
    expect(referenceHref(ref("NETWORK_VA"))).toBe("/network-va/7");
    expect(referenceHref(ref("APPLICATION_VA"))).toBe("/application-va/7");
    expect(referenceHref(ref("SOURCE_CODE_VA"))).toBe("/source-code-va/7");
    expect(referenceHref(ref("THREAT_INSPECTION"))).toBe("/threat-inspection/7/target-overview");
    expect(referenceHref(ref("EXPOSURE_DETECTION", 4))).toBe("/exposure-detection/7/target-overview/4");
    // Without the target its page cannot be named: the area's list instead.
    expect(referenceHref(ref("EXPOSURE_DETECTION"))).toBe("/exposure-detection");
  });
});
