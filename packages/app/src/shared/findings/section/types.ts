/**
 * The findings section's columns (issue 17). What the index is asked for (filter, ordering,
 * selection) is data vocabulary and lives in `../api/types.ts`.
 */

/** The columns a findings grid can show, in the order a grid shows them. */
export const findingColumnIds = [
  "severity",
  "name",
  "status",
  "area",
  "company",
  "product",
  "host",
  "scan",
  "port",
  "protocol",
  "component",
  "line",
  "cve",
  "cvss_score",
  "change",
  "first_seen",
  "last_seen",
  "assignee",
  "due_date",
] as const;
export type FindingColumnId = (typeof findingColumnIds)[number];

/**
 * Each column's header text, which is also its name in the column chooser, so the two never drift
 * apart (issue 28: the chooser said "Name" and "Host" over "Finding" and "Host or target").
 */
export const findingColumnLabels: Readonly<Record<FindingColumnId, string>> = {
  severity: "Severity",
  name: "Finding",
  status: "Status",
  area: "Area",
  company: "Company",
  product: "Product",
  host: "Host or target",
  scan: "Scan",
  port: "Port",
  protocol: "Protocol",
  component: "File",
  line: "Line",
  cve: "CVE",
  cvss_score: "CVSS",
  change: "Change",
  first_seen: "First seen",
  last_seen: "Last seen",
  assignee: "Assignee",
  due_date: "Due",
};

/** Columns that mean something in one or two areas only; a screen of such an area asks for them. */
const areaColumnIds: readonly FindingColumnId[] = ["port", "protocol", "component", "line", "cve"];

/**
 * Ownership columns (issue 28) are chosen, not shown by default: the default grid keeps its width,
 * and the assignee and overdue filters and the drawer answer "whose is it, is it late" without them.
 */
const ownershipColumnIds: readonly FindingColumnId[] = ["assignee", "due_date"];

/**
 * What a grid shows before anyone picks columns: the ones that mean something in every area. Port,
 * protocol and CVE belong to network and threat findings, file and line to source code.
 */
export const defaultFindingColumnIds: readonly FindingColumnId[] = findingColumnIds.filter(
  (id) => !areaColumnIds.includes(id) && !ownershipColumnIds.includes(id),
);

const clientDefaultFindingColumnIds = defaultFindingColumnIds.filter((id) => id !== "company");

/**
 * The default columns a role sees: a client sees only their own company, so no Company column.
 * The same array each time, so a grid's memoised rows keep it.
 */
export function defaultFindingColumnsFor(staff: boolean): readonly FindingColumnId[] {
  return staff ? defaultFindingColumnIds : clientDefaultFindingColumnIds;
}
