import { describe, expect, it } from "vitest";
import { rowNumber } from "./rowNumber.ts";

describe("rowNumber", () => {
  it("numbers the first page from 1", () => {
    expect(rowNumber(1, 10, 0)).toBe("1.");
    expect(rowNumber(1, 10, 9)).toBe("10.");
  });

  it("continues the count on page 3", () => {
    expect(rowNumber(3, 10, 0)).toBe("21.");
    expect(rowNumber(3, 10, 4)).toBe("25.");
    expect(rowNumber(3, 25, 24)).toBe("75.");
  });

  it("treats a page below 1 or an invalid page as the first page", () => {
    expect(rowNumber(0, 10, 2)).toBe("3.");
    expect(rowNumber(Number.NaN, 10, 2)).toBe("3.");
  });
});
