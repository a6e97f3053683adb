import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../Button/Button.tsx";
import * as styles from "./ErrorState.css.ts";

export interface ErrorStateProps {
  /**
   * Heading that names what failed.
   * @default "Something went wrong"
   */
  title?: ReactNode;
  /** What failed and what the user can do, as plain text (API messages render as text, never HTML). */
  message?: ReactNode;
  /** Shows a Retry button that calls this. */
  onRetry?: () => void;
  /**
   * Label of the retry button.
   * @default "Retry"
   */
  retryLabel?: string;
  /**
   * Puts the retry button in its pending state while a new attempt runs.
   * @default false
   */
  isRetrying?: boolean;
  /** Technical details (status code, request id) behind a disclosure, for support. */
  details?: ReactNode;
  /** Extra actions next to Retry, e.g. a link back. */
  actions?: ReactNode;
  /**
   * Heading level of the title, to fit the page outline.
   * @default 3
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Extra class on the root, for layout by the parent. */
  className?: string;
}

/**
 * Replaces content that failed to load. `role="alert"` makes screen readers announce it as soon
 * as it replaces a loading state.
 */
export function ErrorState({
  title = "Something went wrong",
  message,
  onRetry,
  retryLabel = "Retry",
  isRetrying = false,
  details,
  actions,
  headingLevel = 3,
  className,
}: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div role="alert" className={[styles.root, className].filter(Boolean).join(" ")}>
      <span className={styles.icon} aria-hidden="true">
        <TriangleAlert size="1.25em" />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {message ? <p className={styles.message}>{message}</p> : null}
      {details ? (
        <details className={styles.details}>
          <summary className={styles.summary}>Details</summary>
          <pre className={styles.detailsBody}>{details}</pre>
        </details>
      ) : null}
      {onRetry || actions ? (
        <div className={styles.actions}>
          {onRetry ? (
            <Button variant="outline" size="small" onPress={onRetry} isPending={isRetrying} pendingLabel="Retrying">
              {retryLabel}
            </Button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
