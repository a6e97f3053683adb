import { describe, expect, it } from "vitest";
import { affordability, estimateIsCurrent, expectedCredits, parseScanFrequency } from "./pricing.ts";

describe("expectedCredits", () => {
  it("charges 10 credits per endpoint and no fee", () => {
    expect(expectedCredits(0)).toBe(0);
    expect(expectedCredits(3)).toBe(30);
  });
});

describe("estimateIsCurrent", () => {
  const summary = { scan_frequency: "MONTHLY" as const, total_endpoints: 3 };
  it("holds for the same frequency and endpoint count", () => {
    expect(estimateIsCurrent(summary, { frequency: "MONTHLY", endpointCount: 3 })).toBe(true);
  });
  it("needs a new estimate when the frequency changes", () => {
    expect(estimateIsCurrent(summary, { frequency: "WEEKLY", endpointCount: 3 })).toBe(false);
  });
  it("needs a new estimate when the selection size changes", () => {
    expect(estimateIsCurrent(summary, { frequency: "MONTHLY", endpointCount: 4 })).toBe(false);
  });
  it("needs one when there is none", () => {
    expect(estimateIsCurrent(null, { frequency: "MONTHLY", endpointCount: 3 })).toBe(false);
  });
});

describe("affordability", () => {
  it("computes the balance after paying", () => {
    expect(affordability(100, 30)).toEqual({ before: 100, after: 70, shortfall: 0, canPay: true });
  });
  it("allows paying the exact balance", () => {
    expect(affordability(30, 30).canPay).toBe(true);
  });
  it("reports the shortfall when the balance is too low", () => {
    expect(affordability(20, 30)).toEqual({ before: 20, after: -10, shortfall: 10, canPay: false });
  });
});

describe("parseScanFrequency", () => {
  it("accepts the contract's values only", () => {
    expect(parseScanFrequency("WEEKLY")).toBe("WEEKLY");
    expect(parseScanFrequency("weekly")).toBeNull();
    expect(parseScanFrequency(null)).toBeNull();
  });
});
