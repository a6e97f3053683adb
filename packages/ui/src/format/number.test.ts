import { describe, expect, it } from "vitest";
import {
  formatBalance,
  formatCompactNumber,
  formatCredits,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSignedCredits,
} from "./number.ts";

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
  it("formats a value that already is a percentage, in the Indonesian format", () => {
    expect(formatPercent(12)).toBe("12%");
    expect(formatPercent(12.345, 1)).toBe("12,3%");
    expect(formatPercent(-3)).toBe("-3%");
    expect(formatPercent("45")).toBe("45%");
    expect(formatPercent(100)).toBe("100%");
  });

  it("groups thousands as amounts do", () => {
    expect(formatPercent(3250)).toBe("3.250%");
    expect(formatPercent(-12500.5, 1)).toBe("-12.500,5%");
  });

  it("rounds to the requested digits", () => {
    expect(formatPercent(12.6)).toBe("13%");
    expect(formatPercent(12.5, 2)).toBe("12,5%");
    expect(formatPercent("33.333", 2)).toBe("33,33%");
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

describe("formatNumber", () => {
  it("groups a count in the Indonesian format", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(1500)).toBe("1.500");
    expect(formatNumber(1234567)).toBe("1.234.567");
    expect(formatNumber("2500")).toBe("2.500");
    expect(formatNumber(10n ** 18n)).toBe("1.000.000.000.000.000.000");
  });

  it("shows exactly the requested fraction digits, with a decimal comma", () => {
    expect(formatNumber(4, 1)).toBe("4,0");
    expect(formatNumber(4.25, 1)).toBe("4,3");
    expect(formatNumber(1234.5, 2)).toBe("1.234,50");
    expect(formatNumber(1.5)).toBe("2");
  });

  it("keeps a negative sign but never shows -0", () => {
    expect(formatNumber(-1500)).toBe("-1.500");
    expect(formatNumber(-0.2)).toBe("0");
  });

  it("shows an unknown count as a dash, not 0", () => {
    expect(formatNumber(null)).toBe("—");
    expect(formatNumber(undefined)).toBe("—");
    expect(formatNumber(Number.NaN)).toBe("—");
    expect(formatNumber("many")).toBe("—");
  });
});

describe("formatCompactNumber", () => {
  it("shortens large figures with English suffixes and Indonesian separators", () => {
    expect(formatCompactNumber(950)).toBe("950");
    expect(formatCompactNumber(1250)).toBe("1,3K");
    expect(formatCompactNumber(15000)).toBe("15K");
    expect(formatCompactNumber(3_000_000)).toBe("3M");
    expect(formatCompactNumber(-2_500_000)).toBe("-2,5M");
    expect(formatCompactNumber(1.5)).toBe("1,5");
  });

  it("shows a missing value as a dash", () => {
    expect(formatCompactNumber(null)).toBe("—");
    expect(formatCompactNumber("x")).toBe("—");
  });
});
