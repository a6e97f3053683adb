import { formatCompactNumber, numberLocale } from "../../format/number.ts";

// Chart values may carry decimals (a rate, an average); Intl's default keeps up to three.
const plain = new Intl.NumberFormat(numberLocale);
const formatPlain = (value: number) => plain.format(value);

/** The caller's formatter, or the product's number format ("1.250", "2,5"). */
export function useValueFormatter(formatValue?: (value: number) => string): (value: number) => string {
  return formatValue ?? formatPlain;
}

/** Short axis ticks ("1,2K", "3M"), so long numbers don't crowd the Y axis. */
export function useCompactFormatter(): (value: number) => string {
  return formatCompactNumber;
}
