// Pure number formatters. Amounts use the Indonesian format with 0 decimals (spec §9); a missing or
// unreadable amount shows as 0 so a balance never renders as "NaN".

/** Anything the API may send for an amount: Django decimals arrive as strings ("1250.00"). */
export type NumericInput = number | string | bigint | null | undefined;

const amount = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0, signDisplay: "negative" });
const signedAmount = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0, signDisplay: "exceptZero" });

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
    format = new Intl.NumberFormat("id-ID", {
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

/**
 * A value that is already a percentage (`12.5` means 12.5 %): `formatPercent(12.5, 1)` → "12.5%".
 * English separators, because percentages sit in English UI copy rather than in amounts.
 * A missing value → "—": an unknown rate is not 0 %.
 * @param digits maximum fraction digits. @default 0
 */
export function formatPercent(value: NumericInput, digits = 0): string {
  const n = toFormattable(value);
  if (n === null) return "—";
  const safeDigits = Math.min(Math.max(Math.trunc(digits) || 0, 0), 20);
  let format = percentFormats.get(safeDigits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "percent",
      maximumFractionDigits: safeDigits,
      signDisplay: "negative",
    });
    percentFormats.set(safeDigits, format);
  }
  return format.format(Number(n) / 100);
}
