import type { Finding, FindingLogStatus } from "@sentinel/api-client";

const systemEntry: FindingLogStatus = {
  id: 11,
  old_status: null,
  new_status: "ACTIVE",
  new_status_display: "Active",
  message: "Finished scan by system",
  modified_by: null,
  created_at: "2026-11-20T08:00:00Z",
  updated_at: "2026-11-20T08:00:00Z",
  batch_id: null,
  undoes: null,
};

/** The person behind the fixtures' status changes. */
export const logAdmin = { id: 5, username: "admin", email: "admin@example.com", fullname: "Ayu Pratama" };

/** One status-log entry: the scan's first one (by the system) unless overridden; `at` sets both its times. */
export function makeLogEntry(overrides: Partial<FindingLogStatus> & { at?: string } = {}): FindingLogStatus {
  const { at, ...fields } = overrides;
  return { ...systemEntry, ...(at ? { created_at: at, updated_at: at } : {}), ...fields };
}

/** A complete network finding for unit tests and component stories; override any field. */
export function makeFinding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 501,
    finding_log_status: [systemEntry],
    modified_by: null,
    message: "Finished scan by system",
    status: "ACTIVE",
    status_display: "Active",
    severity: "HIGH",
    severity_display: "High",
    endpoint: { id: 31, host: "192.0.2.10" },
    is_deleted: false,
    name: "OpenSSH user enumeration",
    description: "The SSH server answers differently for valid and invalid user names.",
    summary: "User names can be enumerated over SSH.",
    mitigation: "Upgrade OpenSSH to 7.7 or later.",
    impact: "An attacker learns which accounts exist.",
    references: ["https://nvd.example.org/vuln/detail/CVE-2018-15473"],
    affected: "OpenSSH < 7.7",
    insight: "Timing differs on the public-key authentication path.",
    cvss2: "AV:N/AC:L/Au:N/C:P/I:N/A:N",
    cvss2_score: 5,
    cvss3: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    cvss3_score: 5.3,
    cwe: "CWE-200",
    cve: "CVE-2018-15473",
    component: null,
    line: null,
    sourcecode_finding_type: null,
    qod: 80,
    port: 22,
    protocol: "tcp",
    code_snippets: [],
    rule_examples: [],
    threat_inspection_endpoint: null,
    asset: 7,
    version: 1,
    assignee: null,
    due_date: "2026-12-20T08:00:00.000Z",
    is_overdue: false,
    ...overrides,
  };
}
