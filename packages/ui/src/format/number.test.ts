import { describe, expect, it } from "vitest";
import { formatBalance, formatCredits, formatMoney, formatPercent, formatSignedCredits } from "./number.ts";

const NBSP = "\u00a0";

describe("formatBalance", () => {
  it("uses Indonesian grouping with no decimals", () => {
    expect(formatBalance(1250)).toBe("1.250");
    expect(formatBalance(1234567)).toBe("1.234.567");
    expect(formatBalance(0)).toBe("0");
  });

  it("rounds fractions away", () => {
    expect(formatBalance(1250.4)).toBe("1.250");
    expect(formatBalance(1250.6)).toBe("1.251");
  });

  it("shows missing or unreadable values as 0", () => {
    expect(formatBalance(null)).toBe("0");
    expect(formatBalance(undefined)).toBe("0");
    expect(formatBalance("")).toBe("0");
    expect(formatBalance("   ")).toBe("0");
    expect(formatBalance(Number.NaN)).toBe("0");
    expect(formatBalance(Number.POSITIVE_INFINITY)).toBe("0");
    expect(formatBalance("abc")).toBe("0");
    expect(formatBalance("12px")).toBe("0");
  });

  it("reads numeric strings and bigints as the API sends them", () => {
    expect(formatBalance("1250")).toBe("1.250");
    expect(formatBalance("1250.00")).toBe("1.250");
    expect(formatBalance(" 98765 ")).toBe("98.765");
    expect(formatBalance("1e3")).toBe("1.000");
    expect(formatBalance(10n)).toBe("10");
  });

  it("keeps a negative sign but never shows -0", () => {
    expect(formatBalance(-1250)).toBe("-1.250");
    expect(formatBalance(-0.4)).toBe("0");
  });

  it("formats huge values without exponent notation", () => {
    expect(formatBalance(1e15)).toBe("1.000.000.000.000.000");
    expect(formatBalance(1e21)).toBe("1.000.000.000.000.000.000.000");
    // Beyond 2^53 a string or bigint keeps every digit.
    expect(formatBalance("12345678901234567890")).toBe("12.345.678.901.234.567.890");
    expect(formatBalance(12345678901234567890n)).toBe("12.345.678.901.234.567.890");
  });
});

describe("formatCredits", () => {
  it("keeps the sign of a credit amount", () => {
    expect(formatCredits(-1250)).toBe("-1.250");
    expect(formatCredits("2500")).toBe("2.500");
    expect(formatCredits(null)).toBe("0");
    expect(formatCredits(Number.NaN)).toBe("0");
  });
});

describe("formatSignedCredits", () => {
  it("always shows the sign of a movement", () => {
    expect(formatSignedCredits(1250)).toBe("+1.250");
    expect(formatSignedCredits(-1250)).toBe("-1.250");
    expect(formatSignedCredits("-75000")).toBe("-75.000");
  });

  it("shows zero and missing values unsigned", () => {
    expect(formatSignedCredits(0)).toBe("0");
    expect(formatSignedCredits(0.3)).toBe("0");
    expect(formatSignedCredits("-0.3")).toBe("0");
    expect(formatSignedCredits(undefined)).toBe("0");
    expect(formatSignedCredits("")).toBe("0");
  });
});

describe("formatMoney", () => {
  it("formats rupiah with no decimals, keeping Rp next to its amount", () => {
    expect(formatMoney(1250)).toBe(`Rp${NBSP}1.250`);
    expect(formatMoney("1500000.50")).toBe(`Rp${NBSP}1.500.001`);
    expect(formatMoney(-1250)).toBe(`-Rp${NBSP}1.250`);
  });

  it("formats missing amounts as zero", () => {
    expect(formatMoney(null)).toBe(`Rp${NBSP}0`);
    expect(formatMoney(Number.NaN)).toBe(`Rp${NBSP}0`);
  });

  it("accepts another currency", () => {
    expect(formatMoney(1250, "USD")).toBe("US$1.250");
  });
});

describe("formatPercent", () => {
  it("formats a value that already is a percentage", () => {
    expect(formatPercent(12)).toBe("12%");
    expect(formatPercent(12.345, 1)).toBe("12.3%");
    expect(formatPercent(-3)).toBe("-3%");
    expect(formatPercent("45")).toBe("45%");
    expect(formatPercent(100)).toBe("100%");
  });

  it("rounds to the requested digits", () => {
    expect(formatPercent(12.6)).toBe("13%");
    expect(formatPercent(12.5, 2)).toBe("12.5%");
    expect(formatPercent("33.333", 2)).toBe("33.33%");
  });

  it("never shows -0%", () => {
    expect(formatPercent(-0.2)).toBe("0%");
  });

  it("shows unknown rates as a dash, not 0 %", () => {
    expect(formatPercent(null)).toBe("—");
    expect(formatPercent(undefined)).toBe("—");
    expect(formatPercent(Number.NaN)).toBe("—");
    expect(formatPercent("n/a")).toBe("—");
  });
});
