import {
  AREA_LABEL,
  FINDING_STATUS_LABEL,
  type FindingStatus,
  SEVERITY_LABEL,
  type Severity,
  WIRE_AREA,
} from "./model.ts";
import type { FindingRow, LogRow, Modifier } from "./queries.ts";

/** Rows → the contract's shapes, field for field as static mode's serialize.ts writes them. */

export interface Histories {
  logs: Map<number, LogRow[]>;
  modifiers: Map<number, Modifier>;
}

const modifierOf = (h: Histories, id: number | null) => (id === null ? null : (h.modifiers.get(id) ?? null));

/** The catalogue keeps ports as text: a number, or 'general' for host-wide findings. */
function port(raw: string | null): number | string | null {
  if (raw === null) return null;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

export function findingBody(row: FindingRow, h: Histories) {
  const log = h.logs.get(row.id) ?? [];
  const last = log[log.length - 1];
  const code = row.area === "sourcecode";
  const hostArea = row.area === "network" || row.area === "threat";
  return {
    id: row.id,
    finding_log_status: log.map((l) => ({
      id: l.id,
      old_status: l.old_status,
      new_status: l.new_status,
      new_status_display: FINDING_STATUS_LABEL[l.new_status as FindingStatus],
      message: l.message,
      modified_by: modifierOf(h, l.modified_by),
      created_at: l.created_at,
      updated_at: l.created_at,
      batch_id: l.batch_id,
      undoes: l.undoes,
    })),
    modified_by: modifierOf(h, last?.modified_by ?? null),
    message: last?.message ?? null,
    status: row.status,
    status_display: FINDING_STATUS_LABEL[row.status as FindingStatus],
    severity: row.severity,
    severity_display: SEVERITY_LABEL[row.severity as Severity],
    endpoint: row.host_id !== null && row.host !== null ? { id: row.host_id, host: row.host } : null,
    is_deleted: false,
    name: row.name,
    description: row.description,
    summary: row.summary,
    mitigation: row.mitigation,
    impact: row.impact,
    references: row.references,
    affected: code ? row.component : row.affected,
    insight: row.insight,
    cvss2: row.cvss2,
    cvss2_score: row.cvss2_score,
    cvss3: row.cvss3,
    cvss3_score: row.cvss3_score,
    cwe: row.cwe,
    cve: row.cve,
    component: code ? row.component : null,
    line: row.line,
    sourcecode_finding_type: code ? row.sourcecode_finding_type : null,
    qod: row.qod,
    port: hostArea ? port(row.port) : null,
    protocol: hostArea ? row.protocol : null,
    code_snippets: code ? row.code_snippets : [],
    rule_examples: code ? row.rule_examples : [],
    threat_inspection_endpoint: row.area === "threat" ? row.parent_id : null,
    asset: row.asset_id,
    version: row.version,
    assignee:
      row.assignee_id === null
        ? null
        : { id: row.assignee_id, email: row.assignee_email ?? "", fullname: row.assignee_fullname ?? "" },
    due_date: row.due_date,
    is_overdue: row.is_overdue,
    ...changeOf(row),
  };
}

/**
 * How the finding compares with its target's previous completed scan: what its scan matched by
 * fingerprint when it stored it (change and previous finding together: a NEW finding continues none,
 * as the contract says), else (demo data) the vulnerability's history on the target.
 */
function changeOf(row: FindingRow) {
  if (row.stored_change !== null) return { change: row.stored_change, previous_id: row.stored_previous_id };
  return { change: row.change ?? null, previous_id: row.previous_id ?? null };
}

export type FindingBody = ReturnType<typeof findingBody>;

export function indexItem(row: FindingRow, h: Histories) {
  return {
    ...findingBody(row, h),
    area: WIRE_AREA[row.area],
    area_display: AREA_LABEL[row.area],
    company: { id: row.company_id, name: row.company_name ?? "" },
    product: row.product_id ? { id: row.product_id, name: row.product_name ?? "" } : null,
    first_seen: row.first_seen ?? row.created_at,
    last_seen: row.last_seen ?? row.created_at,
    change: changeOf(row).change,
    version: row.version,
    // Key order as static mode writes it, so the JSON export is the same file byte for byte.
    location: {
      configuration: row.configuration_id,
      application: row.application_id,
      scan_endpoint: row.scan_endpoint_id,
      threat_endpoint: row.threat_endpoint_id,
      scan: row.scan_id ?? row.parent_id,
      target: row.location_target,
    },
  };
}

export type IndexItem = ReturnType<typeof indexItem>;

export function sourceCodeRow(row: FindingRow) {
  return {
    id: row.id,
    name: row.name,
    severity: row.severity,
    status: row.status,
    description: row.description,
    mitigation: row.mitigation,
    evidence: row.evidence,
    branch: row.branch ?? "main",
    affected: row.component === null ? null : `${row.component}:${row.line ?? row.vulnerability_line}`,
    references: row.references,
    ...changeOf(row),
  };
}

export function webRow(row: FindingRow) {
  return { id: row.id, name: row.name, severity: row.severity, status: row.status, ...changeOf(row) };
}
