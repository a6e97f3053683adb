import { describe, expect, it } from "vitest";
import { toCreditTransactionPoints } from "./creditTransactionGraph.ts";

describe("toCreditTransactionPoints", () => {
  it("zips the per-service arrays into one row per label", () => {
    const points = toCreditTransactionPoints({
      date_labels: ["Oct 2026", "Nov 2026"],
      networkva: [10, 20],
      exposure_detection: [0, 5],
      threat_inspection: [1, 2],
      web: [3, 4],
      sourcecode: [7, 8],
    });
    expect(points).toEqual([
      { label: "Oct 2026", networkva: 10, exposure_detection: 0, threat_inspection: 1, web: 3, sourcecode: 7 },
      { label: "Nov 2026", networkva: 20, exposure_detection: 5, threat_inspection: 2, web: 4, sourcecode: 8 },
    ]);
  });
  it("fills missing or invalid values with 0 rather than shifting", () => {
    const [first] = toCreditTransactionPoints({
      date_labels: ["Nov 2026"],
      networkva: [],
      exposure_detection: [Number.NaN],
      threat_inspection: [1],
      web: [2],
      sourcecode: [3],
    });
    expect(first).toMatchObject({ networkva: 0, exposure_detection: 0, threat_inspection: 1 });
  });
});
