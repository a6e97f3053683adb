export type { FindingsSectionProps } from "./FindingsSection.tsx";
export { FindingsSection } from "./FindingsSection.tsx";
export type {
  FindingColumnId,
  FindingIndexItem,
  FindingSelection,
  FindingsFilter,
  FindingsOrdering,
  SortableFindingColumn,
} from "./types.ts";
export { findingColumnIds, sortableFindingColumns } from "./types.ts";
