import { describe, expect, it } from "vitest";
import { allowedStep, purchaseSearch, readPurchaseState, resumeStep, writePurchaseState } from "./purchaseSteps.ts";

const read = (s: string) => readPurchaseState(new URLSearchParams(s));

describe("purchase state in the URL", () => {
  it("is absent without the purchase param", () => {
    expect(read("page=2")).toEqual({ kind: "none" });
  });

  it("reads a new purchase with a prefilled target", () => {
    expect(read("purchase=new&target=18")).toEqual({ kind: "new", target: 18 });
    expect(read("purchase=new&target=abc")).toEqual({ kind: "new", target: null });
  });

  it("reads a configuration's step and frequency", () => {
    expect(read("purchase=35&step=pay&frequency=WEEKLY")).toEqual({
      kind: "config",
      id: 35,
      step: "pay",
      frequency: "WEEKLY",
    });
  });

  it("falls back to the endpoint step for an unknown step", () => {
    expect(read("purchase=35&step=hack&frequency=DAILY")).toEqual({
      kind: "config",
      id: 35,
      step: "endpoints",
      frequency: null,
    });
  });

  it("treats an unreadable id as a new purchase", () => {
    expect(read("purchase=-1")).toEqual({ kind: "new", target: null });
  });

  it("round-trips and keeps unrelated params", () => {
    const next = writePurchaseState(new URLSearchParams("page=2&step=old"), {
      kind: "config",
      id: 7,
      step: "estimate",
      frequency: "QUARTERLY",
    });
    expect(next.get("page")).toBe("2");
    expect(readPurchaseState(next)).toEqual({ kind: "config", id: 7, step: "estimate", frequency: "QUARTERLY" });
    expect(writePurchaseState(next, { kind: "none" }).toString()).toBe("page=2");
  });

  it("builds links for other screens", () => {
    expect(purchaseSearch({ kind: "new", target: 18 })).toBe("?purchase=new&target=18");
  });
});

describe("resuming", () => {
  it("continues at the endpoints when none are selected, else at the estimate", () => {
    expect(resumeStep({ targets_count: 0 })).toBe("endpoints");
    expect(resumeStep({ targets_count: 3 })).toBe("estimate");
  });

  it("never shows the estimate or payment of an empty configuration", () => {
    expect(allowedStep("pay", { targets_count: 0 })).toBe("endpoints");
    expect(allowedStep("estimate", { targets_count: 0 })).toBe("endpoints");
    expect(allowedStep("pay", { targets_count: 2 })).toBe("pay");
    expect(allowedStep("done", { targets_count: 0 })).toBe("done");
  });
});
