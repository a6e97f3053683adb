import { describe, expect, it } from "vitest";
import { describeItems, isAwaitingPayment } from "./payments.ts";

const item = (transaction_type: "NETWORKVA" | "SOURCECODE", amount: number) => ({
  id: 1,
  amount,
  transaction_type,
  created_at: "2026-11-21T12:00:00Z",
});

describe("describeItems", () => {
  it("lists each credit type with its amount", () => {
    expect(describeItems({ items: [item("NETWORKVA", 1000), item("SOURCECODE", 500)] }, String)).toBe(
      "Network VA 1000, Source Code 500",
    );
  });
  it("says so when there are no items", () => {
    expect(describeItems({ items: [] }, String)).toBe("No items");
  });
});

describe("isAwaitingPayment", () => {
  it("is true only for an unpaid, live payment", () => {
    expect(isAwaitingPayment({ status: "UNPAID", is_deleted: false })).toBe(true);
    expect(isAwaitingPayment({ status: "UNPAID", is_deleted: true })).toBe(false);
    expect(isAwaitingPayment({ status: "PAID", is_deleted: false })).toBe(false);
  });
});
