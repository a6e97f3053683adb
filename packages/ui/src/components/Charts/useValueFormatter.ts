import { useMemo } from "react";
import { useLocale } from "react-aria-components";

/** The caller's formatter, or the current locale's number format. */
export function useValueFormatter(formatValue?: (value: number) => string): (value: number) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    if (formatValue) return formatValue;
    const format = new Intl.NumberFormat(locale);
    return (value: number) => format.format(value);
  }, [formatValue, locale]);
}

/** Short axis ticks (1.2K, 3M) in the current locale, so long numbers don't crowd the Y axis. */
export function useCompactFormatter(): (value: number) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    return (value: number) => format.format(value);
  }, [locale]);
}
