export type { FindingsSectionDrawer, FindingsSectionProps } from "./FindingsSection.tsx";
export { FindingsSection } from "./FindingsSection.tsx";
export { FindingsToolbar, type FindingsToolbarProps } from "./FindingsToolbar.tsx";
export { ScanFindings, type ScanFindingsProps } from "./ScanFindings.tsx";
export type { FindingColumnId } from "./types.ts";
export { defaultFindingColumnIds, defaultFindingColumnsFor, findingColumnIds } from "./types.ts";
