import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { SortDirection } from "react-aria-components";
import * as styles from "./SortIcon.css.ts";

export interface SortIconProps {
  /** The column's sort direction; without one, a faint two-way arrow says the column can be sorted. */
  direction?: SortDirection | undefined;
}

/**
 * The sort arrow of a sortable column header, as the kit's tables draw it. It is decoration: the
 * header announces the direction itself (`aria-sort`).
 */
export function SortIcon({ direction }: SortIconProps) {
  if (direction === "ascending") return <ArrowUp className={styles.sorted} aria-hidden />;
  if (direction === "descending") return <ArrowDown className={styles.sorted} aria-hidden />;
  return <ArrowUpDown className={styles.idle} aria-hidden />;
}
