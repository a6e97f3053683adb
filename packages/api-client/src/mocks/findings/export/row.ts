import type { components } from "../../../generated/schema.ts";

type S = components["schemas"];

/** Wire area of a finding, as the index and the export spell it. */
export type FindingArea = S["FindingArea"];
/** A finding's change against the previous completed scan of the same target. */
export type FindingChange = S["FindingChange"];

/** One exported finding: the findings index row. */
export type ExportRow = S["FindingIndexItem"];

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
