import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { SortDirection } from "react-aria-components";
import * as styles from "./PagedTable.css.ts";

/** Sort arrow of a sortable column header; the direction itself is announced through aria-sort. */
export function SortIcon({ direction }: { direction: SortDirection | undefined }) {
  if (direction === "ascending") return <ArrowUp className={styles.sortIcon} aria-hidden />;
  if (direction === "descending") return <ArrowDown className={styles.sortIcon} aria-hidden />;
  return <ArrowUpDown className={styles.sortIconIdle} aria-hidden />;
}
