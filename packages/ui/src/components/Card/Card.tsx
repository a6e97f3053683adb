import { type ReactNode, useId } from "react";
import * as styles from "./Card.css.ts";

export interface CardProps {
  /** Heading of the card; a titled card is a `section` landmark named by it. */
  title?: ReactNode;
  /** Controls shown at the end of the header, e.g. an "Edit" button or an ActionsMenu. */
  actions?: ReactNode;
  /** The card's body. */
  children?: ReactNode;
  /**
   * Heading level of the title, to fit the page outline.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * Element to render. Defaults to `section` when titled (so it is a named region) and `div` otherwise.
   */
  as?: "section" | "div" | "article" | "aside";
  /** Names an untitled card for assistive technology. */
  "aria-label"?: string;
  /** Id of the root element, e.g. a target for in-page links. */
  id?: string;
  /** Extra class on the root, for layout by the parent (margins, grid placement). */
  className?: string;
}

/** A raised surface grouping related content under an optional title and actions. */
export function Card({
  title,
  actions,
  children,
  headingLevel = 2,
  as,
  "aria-label": ariaLabel,
  id,
  className,
}: CardProps) {
  const titleId = useId();
  const Element = as ?? (title ? "section" : "div");
  const Heading = `h${headingLevel}` as const;
  const hasHeader = Boolean(title) || Boolean(actions);
  return (
    <Element
      id={id}
      className={[styles.root, className].filter(Boolean).join(" ")}
      aria-labelledby={title && !ariaLabel ? titleId : undefined}
      aria-label={ariaLabel}
    >
      {hasHeader ? (
        <div className={styles.header}>
          {title ? (
            <Heading id={titleId} className={styles.title}>
              {title}
            </Heading>
          ) : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      {children !== undefined && children !== null ? <div className={styles.body}>{children}</div> : null}
    </Element>
  );
}
