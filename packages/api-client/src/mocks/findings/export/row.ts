import type { components } from "../../../generated/schema.ts";

type S = components["schemas"];

/** Wire area of a finding, as the index and the export spell it. */
export type FindingArea = "NETWORK" | "WEB_APPLICATION" | "SOURCE_CODE" | "THREAT_INSPECTION";
/** A finding's change against the previous completed scan of the same target. */
export type FindingChange = "NEW" | "UNCHANGED" | "REOPENED";

/**
 * One exported finding: the findings index row. Declared here until the generated
 * `FindingIndexItem` exists; it is that schema's shape (the `Finding` schema plus the index fields).
 */
export type ExportRow = S["Finding"] & {
  area: FindingArea;
  area_display: string;
  company: { id: number; name: string };
  product: { id: number; name: string } | null;
  first_seen: string;
  last_seen: string;
  change: FindingChange | null;
  version: number;
};

/**
 * Where the finding is, as the findings screen's location column reads: `file:line` for source code,
 * `host:port` (or the host alone for host-wide findings) for network and threat inspection, and the
 * affected URL or component for web applications.
 */
export function locationText(row: ExportRow): string {
  if (row.area === "SOURCE_CODE") {
    const file = row.component ?? row.affected ?? "";
    return row.line === null ? file : `${file}:${row.line}`;
  }
  if (row.endpoint) {
    return typeof row.port === "number" ? `${row.endpoint.host}:${row.port}` : row.endpoint.host;
  }
  return row.affected ?? "";
}

/** The CVSS score the screen shows: v3 where the scanner gave one, else v2. */
export const cvssScore = (row: ExportRow): number | null => row.cvss3_score ?? row.cvss2_score;
