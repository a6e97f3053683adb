// Pure number formatters. Every number the product shows (counts, credit amounts, prices,
// percentages) uses the Indonesian format of spec §9: "." groups thousands, "," marks decimals.
// A missing or unreadable amount shows as 0 so a balance never renders as "NaN".

/** The locale of every number the product shows, whatever the language of the words around it. */
export const numberLocale = "id-ID";

/** Anything the API may send for an amount: Django decimals arrive as strings ("1250.00"). */
export type NumericInput = number | string | bigint | null | undefined;

const amount = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 0, signDisplay: "negative" });
const signedAmount = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 0, signDisplay: "exceptZero" });

/**
 * Normalises an amount for `Intl.NumberFormat#format`. Numeric strings and bigints are passed through:
 * Intl formats them as exact decimals, so amounts beyond 2^53 keep every digit.
 */
function toFormattable(value: NumericInput): number | bigint | Intl.StringNumericLiteral | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return value;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed === "" || !Number.isFinite(Number(trimmed))) return null;
  return trimmed as Intl.StringNumericLiteral;
}

/** A balance in the Indonesian format with no decimals: `1250` → "1.250". Missing or non-numeric → "0". */
export function formatBalance(value: NumericInput): string {
  const n = toFormattable(value);
  return n === null ? "0" : amount.format(n);
}

/** A credit amount, keeping a negative sign: `-1250` → "-1.250". Missing or non-numeric → "0". */
export function formatCredits(value: NumericInput): string {
  const n = toFormattable(value);
  return n === null ? "0" : amount.format(n);
}

/** A credit movement with an explicit sign: "+1.250" / "-1.250"; zero stays "0". */
export function formatSignedCredits(value: NumericInput): string {
  const n = toFormattable(value);
  return n === null ? "0" : signedAmount.format(n);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money in the Indonesian format with no decimals: `formatMoney(1250)` → "Rp 1.250". Intl's
 * no-break space after the symbol is kept so "Rp" never wraps away from its amount (Testing
 * Library's default normaliser matches it with a plain space). Missing or non-numeric → 0.
 * @param currency ISO 4217 code. @default "IDR"
 */
export function formatMoney(value: NumericInput, currency = "IDR"): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale, {
      style: "currency",
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
      signDisplay: "negative",
    });
    moneyFormats.set(currency, format);
  }
  return format.format(toFormattable(value) ?? 0);
}

const percentFormats = new Map<number, Intl.NumberFormat>();

function clampDigits(digits: number): number {
  return Math.min(Math.max(Math.trunc(digits) || 0, 0), 20);
}

/**
 * A value that is already a percentage (`12.5` means 12.5 %): `formatPercent(12.5, 1)` → "12,5%",
 * `formatPercent(3250)` → "3.250%". A missing value → "—": an unknown rate is not 0 %.
 * @param digits maximum fraction digits. @default 0
 */
export function formatPercent(value: NumericInput, digits = 0): string {
  const n = toFormattable(value);
  if (n === null) return "—";
  const safeDigits = clampDigits(digits);
  let format = percentFormats.get(safeDigits);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale, {
      style: "percent",
      maximumFractionDigits: safeDigits,
      signDisplay: "negative",
    });
    percentFormats.set(safeDigits, format);
  }
  return format.format(Number(n) / 100);
}

const numberFormats = new Map<number, Intl.NumberFormat>();

/**
 * A count or any other plain number: `formatNumber(1500)` → "1.500", `formatNumber(4.25, 1)` →
 * "4,3". Missing or non-numeric → "—": an unknown count is not 0.
 * @param digits fraction digits, always shown ("4,0"). @default 0
 */
export function formatNumber(value: NumericInput, digits = 0): string {
  const n = toFormattable(value);
  if (n === null) return "—";
  const safeDigits = clampDigits(digits);
  let format = numberFormats.get(safeDigits);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale, {
      minimumFractionDigits: safeDigits,
      maximumFractionDigits: safeDigits,
      signDisplay: "negative",
    });
    numberFormats.set(safeDigits, format);
  }
  return format.format(n);
}

// Compact notation in id-ID writes Indonesian words ("1,2 jt", and "M" for a thousand million);
// the product's copy is English, so the English suffixes get the Indonesian separators.
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const separators: Partial<Record<Intl.NumberFormatPartTypes, string>> = { decimal: ",", group: "." };

/**
 * A short figure for a chart axis: `formatCompactNumber(1250)` → "1,3K", `3_000_000` → "3M".
 * Missing or non-numeric → "—".
 */
export function formatCompactNumber(value: NumericInput): string {
  const n = toFormattable(value);
  if (n === null) return "—";
  return compact
    .formatToParts(Number(n))
    .map((part) => separators[part.type] ?? part.value)
    .join("");
}
