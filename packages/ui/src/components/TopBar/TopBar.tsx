import { Coins, Menu as MenuIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link as AriaLink, Button } from "react-aria-components";
import { formatBalance } from "../../format/number.ts";
import { type BreadcrumbItem, Breadcrumbs } from "../Breadcrumbs/Breadcrumbs.tsx";
import { Skeleton } from "../Skeleton/Skeleton.tsx";
import * as styles from "./TopBar.css.ts";

export interface TopBarProps {
  /**
   * The trail of pages above the current one: links, plain text, or dropdowns of sibling pages. The
   * current page is not in it: its own h1, right below the bar, names it.
   */
  breadcrumbs?: readonly BreadcrumbItem[];
  /** Credit balance (the API's `balance`); missing shows 0, as the spec asks. */
  balance?: number | null;
  /**
   * Whether the account has a balance to show. Set it to `false` for an account that belongs to no
   * company (staff): the bar then shows no balance at all rather than a number that is nobody's.
   * @default true
   */
  hasBalance?: boolean;
  /**
   * Shows a placeholder for the balance and marks it busy while it is fetched.
   * @default false
   */
  isBalanceLoading?: boolean;
  /**
   * Label before the balance; on a narrow bar it is kept for screen readers only.
   * @default "Credits"
   */
  balanceLabel?: string;
  /**
   * Where the balance leads (the app's credits page): set, the balance is a link to it; unset, plain text.
   */
  balanceHref?: string;
  /** Controls at the end, e.g. ThemeToggle and UserMenu. */
  actions?: ReactNode;
  /**
   * When set, a Menu button at the start opens the navigation (a `SidebarDrawer` on narrow screens).
   * Leave it unset where the sidebar is on show.
   */
  onNavigationOpen?: () => void;
  /**
   * Whether the navigation the Menu button opens is open (its `aria-expanded`).
   * @default false
   */
  isNavigationOpen?: boolean;
}

/**
 * The shell's top bar (a `banner` landmark): the breadcrumb trail on the start side, the credit balance
 * (unless `hasBalance` is false) and the caller's controls on the end side. Narrower than 768 px, the trail moves to a row of its own
 * and the balance and user menu compact, so nothing is cut off.
 */
export function TopBar({
  breadcrumbs,
  balance,
  hasBalance = true,
  isBalanceLoading = false,
  balanceLabel = "Credits",
  balanceHref,
  actions,
  onNavigationOpen,
  isNavigationOpen = false,
}: TopBarProps) {
  return (
    <header className={styles.root}>
      <div className={styles.inner}>
        {onNavigationOpen ? (
          <Button
            className={styles.menuButton}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={isNavigationOpen}
            onPress={onNavigationOpen}
          >
            <MenuIcon className={styles.menuIcon} aria-hidden />
          </Button>
        ) : null}
        <div className={styles.start}>
          {breadcrumbs && breadcrumbs.length > 0 ? <Breadcrumbs items={breadcrumbs} endsAtCurrentPage={false} /> : null}
        </div>
        <div className={styles.end}>
          {hasBalance ? (
            balanceHref ? (
              <AriaLink href={balanceHref} className={styles.balanceLink}>
                <BalanceContent label={balanceLabel} balance={balance} isLoading={isBalanceLoading} />
              </AriaLink>
            ) : (
              <p className={styles.balance} aria-busy={isBalanceLoading || undefined}>
                <BalanceContent label={balanceLabel} balance={balance} isLoading={isBalanceLoading} />
              </p>
            )
          ) : null}
          {actions}
        </div>
      </div>
    </header>
  );
}

function BalanceContent({
  label,
  balance,
  isLoading,
}: {
  label: string;
  balance: number | null | undefined;
  isLoading: boolean;
}) {
  return (
    <>
      <Coins className={styles.balanceIcon} aria-hidden />
      <span className={styles.balanceLabel}>{label}</span>
      {isLoading ? (
        // react-aria's Link drops aria-busy, so the placeholder itself says it is loading.
        <span className={styles.balanceSkeleton} aria-busy="true">
          <Skeleton width="4rem" />
        </span>
      ) : (
        <span className={styles.balanceValue}>{formatBalance(balance)}</span>
      )}
    </>
  );
}
