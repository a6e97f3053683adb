import type { ReactNode } from "react";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import { untrustedNode } from "../UntrustedText/untrustedNode.tsx";
import * as styles from "./DescriptionList.css.ts";

export interface DescriptionListItem {
  term: ReactNode;
  /** The value; empty values render as "—" so a missing field is visible. */
  description: ReactNode;
  /** Stable key; defaults to the term when it is a string. */
  id?: string;
}

export interface DescriptionListProps {
  /** The term/description pairs, in order. */
  items: readonly DescriptionListItem[];
  /**
   * Pairs per row on wide containers; a narrow container always stacks them.
   * @default 1
   */
  columns?: RecipeVariant<typeof styles.list, "columns">;
  /** Names the list for assistive technology when no heading precedes it. */
  "aria-label"?: string;
  /** Extra class on the root, for layout by the parent. */
  className?: string;
}

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || (typeof value === "string" && value.trim() === "");
}

/** Key/value details (`dl`), e.g. a company's or a finding's fields. */
export function DescriptionList({ items, columns = 1, "aria-label": ariaLabel, className }: DescriptionListProps) {
  return (
    <div className={[styles.container, className].filter(Boolean).join(" ")}>
      <dl className={styles.list({ columns })} aria-label={ariaLabel}>
        {items.map((item, index) => (
          // `div` groups each pair, which HTML allows inside `dl` and keeps the grid simple.
          <div
            key={item.id ?? (typeof item.term === "string" ? item.term : index)}
            className={styles.item({ columns })}
          >
            <dt className={styles.term}>{item.term}</dt>
            <dd className={styles.description}>{isEmpty(item.description) ? "—" : untrustedNode(item.description)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
