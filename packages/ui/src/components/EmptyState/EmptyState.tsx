import type { ReactNode } from "react";
import * as styles from "./EmptyState.css.ts";

export interface EmptyStateProps {
  /** Decorative icon (e.g. a lucide icon); hidden from assistive technology. */
  icon?: ReactNode;
  /** What is missing, e.g. "No repositories yet". */
  title: ReactNode;
  /** What will appear here, or how to add the first item. */
  description?: ReactNode;
  /** Slot for a call to action, typically a Button or Link. */
  action?: ReactNode;
  /**
   * Heading level of the title, to fit the page outline.
   * @default 3
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Extra class on the root, for layout by the parent. */
  className?: string;
}

/** What a list, table or panel shows when it has nothing to show yet. */
export function EmptyState({ icon, title, description, action, headingLevel = 3, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={[styles.root, className].filter(Boolean).join(" ")} data-empty-state="">
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
