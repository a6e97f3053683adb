import { describe, expect, it } from "vitest";
import { tileColumns } from "./tiles.ts";

describe("tileColumns", () => {
  it("puts every tile in one row when the row has room", () => {
    expect(tileColumns(6, 6)).toBe(6);
    expect(tileColumns(5, 8)).toBe(5);
    expect(tileColumns(1, 2)).toBe(1);
  });
  it("spreads tiles evenly over the fewest rows instead of leaving a short last row", () => {
    expect(tileColumns(8, 6)).toBe(4);
    expect(tileColumns(6, 4)).toBe(3);
    expect(tileColumns(3, 2)).toBe(2);
    expect(tileColumns(7, 6)).toBe(4);
    expect(tileColumns(10, 4)).toBe(4);
  });
  it("keeps at least one column", () => {
    expect(tileColumns(0, 6)).toBe(1);
    expect(tileColumns(4, 0)).toBe(1);
  });
});
