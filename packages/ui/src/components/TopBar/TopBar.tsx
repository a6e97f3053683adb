import { Coins } from "lucide-react";
import type { ReactNode } from "react";
import { formatBalance } from "../../format/number.ts";
import { type BreadcrumbItem, Breadcrumbs } from "../Breadcrumbs/Breadcrumbs.tsx";
import { Skeleton } from "../Skeleton/Skeleton.tsx";
import { UntrustedText } from "../UntrustedText/UntrustedText.tsx";
import * as styles from "./TopBar.css.ts";

export interface TopBarProps {
  /** Page title text. Not a heading: each page renders its own h1. */
  title?: string;
  /** Trail above the title: links, plain text, or dropdowns of sibling pages. */
  breadcrumbs?: readonly BreadcrumbItem[];
  /** Credit balance (the API's `balance`); missing shows 0, as the spec asks. */
  balance?: number | null;
  /**
   * Shows a placeholder for the balance and marks it busy while it is fetched.
   * @default false
   */
  isBalanceLoading?: boolean;
  /**
   * Label before the balance.
   * @default "Credits"
   */
  balanceLabel?: string;
  /** Controls at the end, e.g. ThemeToggle and UserMenu. */
  actions?: ReactNode;
}

/**
 * The shell's top bar (a `banner` landmark): title and breadcrumbs on the start side, credit balance and
 * the caller's controls on the end side.
 */
export function TopBar({
  title,
  breadcrumbs,
  balance,
  isBalanceLoading = false,
  balanceLabel = "Credits",
  actions,
}: TopBarProps) {
  return (
    <header className={styles.root}>
      <div className={styles.start}>
        {breadcrumbs && breadcrumbs.length > 0 ? <Breadcrumbs items={breadcrumbs} /> : null}
        {title ? (
          <p className={styles.title}>
            <UntrustedText>{title}</UntrustedText>
          </p>
        ) : null}
      </div>
      <div className={styles.end}>
        <p className={styles.balance} aria-busy={isBalanceLoading || undefined}>
          <Coins className={styles.balanceIcon} aria-hidden />
          <span className={styles.balanceLabel}>{balanceLabel}</span>
          {isBalanceLoading ? (
            <span className={styles.balanceSkeleton}>
              <Skeleton width="4rem" />
            </span>
          ) : (
            <span className={styles.balanceValue}>{formatBalance(balance)}</span>
          )}
        </p>
        {actions}
      </div>
    </header>
  );
}
