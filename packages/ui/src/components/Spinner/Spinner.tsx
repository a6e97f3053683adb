import * as styles from "./Spinner.css.ts";

export interface SpinnerProps {
  /**
   * Accessible name announced while something is loading.
   * @default "Loading"
   */
  "aria-label"?: string;
  className?: string;
}

/**
 * Indeterminate progress indicator; sized by the surrounding font size, coloured by `currentColor`.
 * An indeterminate progress bar is only a role and a name (no value), so it is written out instead of
 * taking react-aria's ProgressBar, whose value formatting is most of the script a Button-only page
 * would otherwise ship for its pending state.
 */
export function Spinner({ "aria-label": ariaLabel = "Loading", className }: SpinnerProps) {
  return (
    <span role="progressbar" aria-label={ariaLabel} className={[styles.root, className].filter(Boolean).join(" ")}>
      <svg className={styles.svg} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className={styles.track} cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="3" />
        <path className={styles.arc} d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" />
      </svg>
    </span>
  );
}
