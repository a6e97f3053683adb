import { formatNumber, formatPercent } from "@sentinel/ui";

/** Engine timings in seconds with two decimals ("1,50 s"); a missing value is a dash. */
export function formatElapsed(seconds: number | null): string {
  return seconds === null ? "—" : `${formatNumber(seconds, 2)} s`;
}

/** A detection rate (already a percentage) with one decimal ("12,5%"); unknown is a dash, not "0%". */
export function formatRate(rate: number | null | undefined): string {
  return formatPercent(rate, 1);
}
