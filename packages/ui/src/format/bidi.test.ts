import { describe, expect, it } from "vitest";
import { affectsBidiOrder, hasBidiControls, revealBidiControls, splitBidiControls, stripBidiControls } from "./bidi.ts";

const spoofed = "invoice\u202Efdp.exe";

describe("bidi controls", () => {
  it("writes each explicit formatting character out, which ends its effect", () => {
    expect(revealBidiControls(spoofed)).toBe("invoice[U+202E]fdp.exe");
    expect(revealBidiControls("a\u2066b\u2069c\u202Ad\u202C")).toBe("a[U+2066]b[U+2069]c[U+202A]d[U+202C]");
    expect(hasBidiControls(revealBidiControls(spoofed))).toBe(false);
  });

  it("leaves ordinary right-to-left text and its implicit marks alone", () => {
    const arabic = "تقرير الفحص\u200F — דוח סריקה\u200E";
    expect(revealBidiControls(arabic)).toBe(arabic);
    expect(hasBidiControls(arabic)).toBe(false);
  });

  it("splits text into runs and named controls, and strips them for file names", () => {
    expect(splitBidiControls(spoofed)).toEqual([
      { kind: "text", text: "invoice" },
      { kind: "control", code: "U+202E", name: "Right-to-left override" },
      { kind: "text", text: "fdp.exe" },
    ]);
    expect(splitBidiControls("")).toEqual([]);
    expect(stripBidiControls(spoofed)).toBe("invoicefdp.exe");
  });
});

describe("affectsBidiOrder", () => {
  it("is true for controls and right-to-left letters, false for left-to-right text", () => {
    expect(affectsBidiOrder("report.pdf")).toBe(false);
    expect(affectsBidiOrder("invoice\u202Efdp.exe")).toBe(true);
    expect(affectsBidiOrder("דוח")).toBe(true);
    expect(affectsBidiOrder("تقرير")).toBe(true);
  });
});
