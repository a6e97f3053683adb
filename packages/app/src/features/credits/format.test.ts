import { describe, expect, it } from "vitest";
import { creditTypeLabel, formatTransactionAmount, signedAmount } from "./format.ts";

describe("signedAmount", () => {
  it("keeps spending negative and top-ups and refunds positive", () => {
    expect(signedAmount({ amount: -250, transaction_action: "SPENDING" })).toBe(-250);
    expect(signedAmount({ amount: 1500, transaction_action: "TOPUP" })).toBe(1500);
    expect(signedAmount({ amount: 40, transaction_action: "REFUND" })).toBe(40);
  });
  it("signs rows by their action even when the API sends them unsigned or mis-signed", () => {
    expect(signedAmount({ amount: 250, transaction_action: "SPENDING" })).toBe(-250);
    expect(signedAmount({ amount: -40, transaction_action: "REFUND" })).toBe(40);
  });
  it("treats an invalid amount as 0", () => {
    expect(signedAmount({ amount: Number.NaN, transaction_action: "TOPUP" })).toBe(0);
  });
});

describe("formatTransactionAmount", () => {
  it("signs by action and uses the Indonesian grouping", () => {
    expect(formatTransactionAmount({ amount: 1500, transaction_action: "TOPUP" })).toBe("+1.500");
    expect(formatTransactionAmount({ amount: -1234567, transaction_action: "SPENDING" })).toBe("-1.234.567");
    expect(formatTransactionAmount({ amount: 1234567, transaction_action: "SPENDING" })).toBe("-1.234.567");
    expect(formatTransactionAmount({ amount: 40, transaction_action: "REFUND" })).toBe("+40");
  });
  it("rounds to whole credits", () => {
    expect(formatTransactionAmount({ amount: -249.6, transaction_action: "SPENDING" })).toBe("-250");
    expect(formatTransactionAmount({ amount: 0.4, transaction_action: "TOPUP" })).toBe("0");
  });
  it("shows 0 without a sign for zero and invalid values", () => {
    expect(formatTransactionAmount({ amount: 0, transaction_action: "SPENDING" })).toBe("0");
    expect(formatTransactionAmount({ amount: Number.NaN, transaction_action: "TOPUP" })).toBe("0");
    expect(formatTransactionAmount({ amount: Number.POSITIVE_INFINITY, transaction_action: "TOPUP" })).toBe("0");
  });
});

describe("creditTypeLabel", () => {
  it("labels known types and passes unknown ones through as text", () => {
    expect(creditTypeLabel("NETWORKVA")).toBe("Network VA");
    expect(creditTypeLabel("SOMETHING_NEW")).toBe("SOMETHING_NEW");
  });
});
