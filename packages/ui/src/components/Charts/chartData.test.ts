import { describe, expect, it } from "vitest";
import { chartPaints, isToneColor, readLabel, readValue, seriesSlot, summarize } from "./chartData.ts";

describe("summarize", () => {
  it("names every series and the span of categories", () => {
    expect(summarize(["Spending", "Top-up"], ["Jan", "Feb", "Mar"])).toBe(
      "Spending and Top-up across 3 points, Jan to Mar",
    );
    expect(summarize(["A", "B", "C"], ["x"])).toBe("A, B and C across 1 point, x");
  });
  it("says when there is no data", () => {
    expect(summarize(["Spending"], [])).toBe("Spending: no data");
  });
});

describe("seriesSlot", () => {
  it("cycles through the six palette slots and honours an explicit slot", () => {
    expect(seriesSlot(0)).toBe("series1");
    expect(seriesSlot(5)).toBe("series6");
    expect(seriesSlot(6)).toBe("series1");
    expect(seriesSlot(0, "series4")).toBe("series4");
  });
});

describe("readValue / readLabel", () => {
  it("treats missing and non-finite values as gaps", () => {
    expect(readValue({ a: 3 }, "a")).toBe(3);
    expect(readValue({ a: null }, "a")).toBeNull();
    expect(readValue({ a: Number.NaN }, "a")).toBeNull();
    expect(readValue({}, "a")).toBeNull();
  });
  it("turns labels into text", () => {
    expect(readLabel({ m: 2024 }, "m")).toBe("2024");
    expect(readLabel({ m: null }, "m")).toBe("");
  });
});

describe("chartPaints", () => {
  it("fades the second use of a colour so two parts sharing a badge tone stay apart", () => {
    expect(chartPaints(["critical", "caution", "info", "neutral", "neutral"])).toEqual([
      { color: "critical", isFaded: false },
      { color: "caution", isFaded: false },
      { color: "info", isFaded: false },
      { color: "neutral", isFaded: false },
      { color: "neutral", isFaded: true },
    ]);
  });
  it("tells tones from palette slots", () => {
    expect(isToneColor("critical")).toBe(true);
    expect(isToneColor("series1")).toBe(false);
  });
});
