import { describe, expect, it } from "vitest";
import { composite, contrastRatio, formatRatio, parseRgb } from "./contrast.ts";

const white = { r: 255, g: 255, b: 255, a: 1 };
const black = { r: 0, g: 0, b: 0, a: 1 };

describe("parseRgb", () => {
  it("reads comma, space and slash forms", () => {
    expect(parseRgb("rgb(24, 24, 27)")).toEqual({ r: 24, g: 24, b: 27, a: 1 });
    expect(parseRgb("rgba(0, 0, 0, 0.5)")).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(parseRgb("rgb(9 9 11 / 0.5)")).toEqual({ r: 9, g: 9, b: 11, a: 0.5 });
    expect(parseRgb("rgb(9 9 11 / 50%)")).toEqual({ r: 9, g: 9, b: 11, a: 0.5 });
  });

  it("gives up on formats it does not know", () => {
    expect(parseRgb("#ffffff")).toBeUndefined();
    expect(parseRgb("oklch(0.5 0.1 200)")).toBeUndefined();
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white, either way round", () => {
    expect(contrastRatio(black, white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, black)).toBeCloseTo(21, 5);
  });

  it("matches the published ratio of a known pair", () => {
    // #767676 on white is the often-quoted lightest grey that meets AA: 4.54:1.
    expect(formatRatio(contrastRatio({ r: 118, g: 118, b: 118, a: 1 }, white))).toBe("4.54:1");
  });

  it("composites a translucent colour over its background first", () => {
    const halfBlack = { r: 0, g: 0, b: 0, a: 0.5 };
    expect(composite(halfBlack, white)).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
    expect(contrastRatio(halfBlack, white)).toBeCloseTo(
      contrastRatio({ ...halfBlack, r: 127.5, g: 127.5, b: 127.5, a: 1 }, white),
      5,
    );
  });
});

describe("formatRatio", () => {
  it("truncates, so 4.499 never shows as 4.50", () => {
    expect(formatRatio(4.499)).toBe("4.49:1");
    expect(formatRatio(21)).toBe("21.00:1");
  });
});
