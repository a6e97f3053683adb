import type { RefObject } from "react";
import type { FindingColumnId, FindingsFilter, FindingsOrdering } from "./types.ts";

export interface FindingsSectionProps {
  /** The grid's accessible name, e.g. "Findings". */
  label: string;
  /** What the section lists; paging is the section's own. */
  filter: FindingsFilter;
  /** @default "-severity" (the index's own default) */
  ordering?: FindingsOrdering | undefined;
  /** Absent: the column headers do not sort. */
  onOrderingChange?: (ordering: FindingsOrdering) => void;
  /** Visible columns, in order. @default every column the viewer's role may see */
  columns?: readonly FindingColumnId[];
  /** The page's search field, focused by the "/" shortcut. */
  searchRef?: RefObject<HTMLInputElement | null>;
  /** No selection, bulk bar or status shortcuts (a viewer who may not triage). @default false */
  readOnly?: boolean;
}

/**
 * Placeholder until the grid and the bulk pieces are composed here (issue 17, in progress): the
 * props are final, so pages can be built against them.
 */
export function FindingsSection({ label }: FindingsSectionProps) {
  return <section aria-label={label} />;
}
