import type { ReactNode } from "react";
import { Button as AriaButton } from "react-aria-components";
import { formatPercent } from "../../format/number.ts";
import { Skeleton } from "../Skeleton/Skeleton.tsx";
import { visuallyHidden } from "../shared/styles.css.ts";
import * as styles from "./StatCard.css.ts";

export interface StatCardProps {
  /** What is counted, e.g. "Total balance". */
  label: ReactNode;
  /** The figure, already formatted (e.g. with `formatBalance`). Missing while loading or on error. */
  value?: ReactNode;
  /**
   * Change against the previous period in percent (12 → "▲ 12%"). `null`/`undefined` hides it.
   */
  growth?: number | null;
  /**
   * How screen readers describe the period growth refers to.
   * @default "from the previous period"
   */
  growthPeriod?: string;
  /**
   * Shows placeholders for value and growth.
   * @default false
   */
  isLoading?: boolean;
  /** Short error text shown instead of the value, e.g. "Couldn't load". */
  error?: ReactNode;
  /** With `error`, shows a Retry action. */
  onRetry?: () => void;
  /** Extra class on the root, for layout by the parent. */
  className?: string;
}

function Growth({ growth, period }: { growth: number; period: string }) {
  const rounded = Math.round(growth);
  const direction = rounded > 0 ? "up" : rounded < 0 ? "down" : "flat";
  const amount = formatPercent(Math.abs(growth));
  const arrow = direction === "up" ? "▲" : direction === "down" ? "▼" : "";
  const spoken = direction === "flat" ? `no change ${period}` : `${direction} ${amount} ${period}`;
  return (
    <span className={styles.growth({ direction })} data-direction={direction}>
      {/* The arrow and colour are visual; the sentence is what assistive technology reads. */}
      <span aria-hidden="true">{arrow ? `${arrow} ${amount}` : amount}</span>
      <span className={visuallyHidden}>{spoken}</span>
    </span>
  );
}

/** A headline figure with its label and, optionally, growth against the previous period. */
export function StatCard({
  label,
  value,
  growth,
  growthPeriod = "from the previous period",
  isLoading = false,
  error,
  onRetry,
  className,
}: StatCardProps) {
  const hasGrowth = typeof growth === "number" && Number.isFinite(growth);
  return (
    <div
      className={[styles.root, className].filter(Boolean).join(" ")}
      aria-busy={isLoading || undefined}
      data-stat-card=""
    >
      <p className={styles.label}>{label}</p>
      {isLoading ? (
        <>
          <span className={visuallyHidden}>Loading</span>
          <Skeleton variant="block" height="2rem" width="60%" />
          <Skeleton width="40%" />
        </>
      ) : error ? (
        <p className={styles.footer} role="alert">
          <span className={styles.error}>{error}</span>
          {onRetry ? (
            <AriaButton className={styles.retry} onPress={onRetry}>
              Retry
            </AriaButton>
          ) : null}
        </p>
      ) : (
        <>
          <p className={styles.value}>{value ?? "—"}</p>
          {hasGrowth ? (
            <p className={styles.footer}>
              <Growth growth={growth} period={growthPeriod} />
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
