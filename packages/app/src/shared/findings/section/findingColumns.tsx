import type { FindingChange } from "@sentinel/api-client";
import { formatDate, SeverityBadge, StatusBadge, UntrustedText } from "@sentinel/ui";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { type FindingIndexItem, type SortableFindingColumn, sortableFindingColumns } from "../api/types.ts";
import { DueDate } from "../DueDate.tsx";
import { FindingChangeBadge } from "../FindingChangeBadge.tsx";
import { formatPort, formatScore, hostAndPort } from "../labels.ts";
import * as styles from "./FindingsGrid.css.ts";
import { type FindingColumnId, findingColumnLabels } from "./types.ts";

/** What a cell may do besides showing its row: the name cell opens the finding. */
export interface FindingCellContext {
  open(): void;
  /** The finding's own page, when it has one: the name cell is then a link to it. */
  href?: string | undefined;
}

export interface FindingColumn {
  id: FindingColumnId;
  /** Header text, also the cell's column name for screen readers. */
  label: string;
  /** Width in rem; the name column takes at least this and grows into the space left. */
  width: number;
  grows?: boolean;
  /** The index's `ordering` key when the column sorts. */
  sortKey: SortableFindingColumn | null;
  /** Numbers line up at the end of their cell. */
  align: "start" | "end";
  /** Finding text arrives from scanned targets: cells render it as text only. */
  cell(row: FindingIndexItem, context: FindingCellContext): ReactNode;
}

export const findingChangeLabels: Readonly<Record<FindingChange, string>> = {
  NEW: "New",
  UNCHANGED: "Unchanged",
  REOPENED: "Reopened",
};

const missing = "—";

const sortKeyOf = (id: FindingColumnId): SortableFindingColumn | null =>
  (sortableFindingColumns as readonly string[]).includes(id) ? (id as SortableFindingColumn) : null;

/**
 * What a row calls its finding. A name is required, but an answer that breaks that (a server bug, a
 * fuzzed answer in the tests) must not put "undefined" on screen and in accessible names.
 */
export function findingNameOf(row: Pick<FindingIndexItem, "name">): string {
  const name: unknown = row.name;
  return typeof name === "string" && name.trim() !== "" ? name : "Untitled finding";
}

/** The score the index orders `cvss_score` by: CVSS v3 where known, else v2. */
export function cvssScoreOf(row: FindingIndexItem): number | null {
  return row.cvss3_score ?? row.cvss2_score ?? null;
}

function text(value: string | null | undefined): ReactNode {
  return value ? <UntrustedText className={styles.cellText}>{value}</UntrustedText> : missing;
}

type ColumnSpec = Omit<FindingColumn, "id" | "sortKey">;

const specs: Readonly<Record<FindingColumnId, ColumnSpec>> = {
  severity: {
    label: findingColumnLabels.severity,
    width: 6.5,
    align: "start",
    cell: (row) => <SeverityBadge severity={row.severity} />,
  },
  name: {
    label: findingColumnLabels.name,
    width: 16,
    grows: true,
    align: "start",
    // A button, not a link: it opens the drawer over the list rather than going anywhere. Out of
    // the tab order because the row holds focus (Enter opens); the pointer still reaches it.
    // Where the finding has a page of its own, a link to it (a new tab, a copied address); the
    // drawer is then still Enter on the row, and the drawer links to the page for keyboard users.
    cell: (row, { open, href }) =>
      href ? (
        <RouterLink to={href} tabIndex={-1} className={styles.nameButton}>
          <UntrustedText className={styles.cellText}>{findingNameOf(row)}</UntrustedText>
        </RouterLink>
      ) : (
        <button type="button" tabIndex={-1} className={styles.nameButton} onClick={open}>
          <UntrustedText className={styles.cellText}>{findingNameOf(row)}</UntrustedText>
        </button>
      ),
  },
  status: {
    label: findingColumnLabels.status,
    width: 8.5,
    align: "start",
    cell: (row) => <StatusBadge kind="finding" status={row.status} />,
  },
  area: { label: findingColumnLabels.area, width: 9, align: "start", cell: (row) => text(row.area_display) },
  company: { label: findingColumnLabels.company, width: 10, align: "start", cell: (row) => text(row.company.name) },
  product: { label: findingColumnLabels.product, width: 10, align: "start", cell: (row) => text(row.product?.name) },
  host: {
    label: findingColumnLabels.host,
    width: 13,
    align: "start",
    cell: (row) => text(row.location.target ? hostAndPort(row.location.target, row.port) : null),
  },
  // Each scan records its own row of a finding it saw again, with the same name, host and dates:
  // the scan is what tells those rows apart.
  scan: { label: findingColumnLabels.scan, width: 5.5, align: "end", cell: (row) => `#${row.location.scan}` },
  port: { label: findingColumnLabels.port, width: 5, align: "end", cell: (row) => formatPort(row.port) ?? missing },
  protocol: {
    label: findingColumnLabels.protocol,
    width: 6,
    align: "start",
    cell: (row) => row.protocol?.toUpperCase() ?? missing,
  },
  component: { label: findingColumnLabels.component, width: 14, align: "start", cell: (row) => text(row.component) },
  line: { label: findingColumnLabels.line, width: 4.5, align: "end", cell: (row) => row.line ?? missing },
  cve: { label: findingColumnLabels.cve, width: 9, align: "start", cell: (row) => text(row.cve) },
  cvss_score: {
    label: findingColumnLabels.cvss_score,
    width: 5,
    align: "end",
    cell: (row) => formatScore(cvssScoreOf(row)) ?? missing,
  },
  change: {
    label: findingColumnLabels.change,
    width: 7,
    align: "start",
    cell: (row) => (row.change ? <FindingChangeBadge change={row.change} /> : missing),
  },
  first_seen: {
    label: findingColumnLabels.first_seen,
    width: 7.5,
    align: "start",
    cell: (row) => formatDate(row.first_seen),
  },
  last_seen: {
    label: findingColumnLabels.last_seen,
    width: 7.5,
    align: "start",
    cell: (row) => formatDate(row.last_seen),
  },
  assignee: {
    label: findingColumnLabels.assignee,
    width: 10,
    align: "start",
    cell: (row) => (row.assignee ? text(row.assignee.fullname) : "Unassigned"),
  },
  due_date: {
    label: findingColumnLabels.due_date,
    width: 10.5,
    align: "start",
    cell: (row) => <DueDate finding={row} />,
  },
};

/** Every findings column by id. */
export const findingColumns: Readonly<Record<FindingColumnId, FindingColumn>> = Object.fromEntries(
  Object.entries(specs).map(([id, spec]) => [id, { ...spec, id, sortKey: sortKeyOf(id as FindingColumnId) }]),
) as Record<FindingColumnId, FindingColumn>;

/** Width in rem of the selection column. */
export const selectColumnWidth = 2.75;

/**
 * The CSS grid template of a row holding `columns` (after the selection column when there is one),
 * and the row's minimum width, below which the grid scrolls sideways.
 */
export function rowLayoutOf(
  columns: readonly FindingColumnId[],
  selectable: boolean,
): { template: string; minWidth: string } {
  const tracks = columns.map((id) => findingColumns[id]);
  const template = tracks.map((c) => (c.grows ? `minmax(${c.width}rem, 1fr)` : `${c.width}rem`));
  const total = tracks.reduce((sum, c) => sum + c.width, selectable ? selectColumnWidth : 0);
  return {
    template: (selectable ? [`${selectColumnWidth}rem`, ...template] : template).join(" "),
    minWidth: `${total}rem`,
  };
}
