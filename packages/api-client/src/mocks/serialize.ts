import type { components } from "../generated/schema.ts";
import { creditDescription } from "./credits.ts";
import type {
  Db,
  DbCompany,
  DbExposureHost,
  DbFinding,
  DbFindingLog,
  DbNetworkScan,
  DbPayment,
  DbProduct,
  DbScanEndpoint,
  DbThreatConfig,
  DbThreatEndpoint,
  DbThreatScan,
  DbTicket,
  DbUser,
} from "./db-types.ts";
import { dueOf, isOverdue } from "./findings/sla.ts";
import { byId, childrenOf, newestFirst } from "./lookup.ts";
import { createRng, hashSeed } from "./prng.ts";
import {
  DOMAIN_TYPE_LABEL,
  FINDING_STATUS_LABEL,
  type FindingStatusSummary,
  FREQUENCY_LABEL,
  PROGRESS_STATUS_LABEL,
  type ProgressStatus,
  ROLE_LABEL,
  SCAN_STATUS_LABEL,
  SCHEDULE_LABEL,
  type ScanStatus,
  SEVERITIES,
  SEVERITY_LABEL,
  type Severity,
  type SeveritySummary,
  TARGET_TYPE_LABEL,
  TICKET_CATEGORY_LABEL,
} from "./schema-types.ts";
import { currentDataset, vulnCatalogue } from "./seed/dataset.ts";
import { HOSTILE } from "./seed/hostile.ts";
import { ENGINES } from "./seed/names.ts";
import type { VulnTemplate } from "./seed/vulns.ts";

type S = components["schemas"];

/** Serialisers: db rows → the contract's wire shapes. Return types are the schemas, so tsc checks them. */

export const fullName = (u: DbUser) => `${u.first_name} ${u.last_name}`;

export function userSummary(db: Db, id: number | null): S["UserSummary"] | null {
  const u = byId(db.users, id);
  return u ? { id: u.id, email: u.email, fullname: fullName(u) } : null;
}

function modifier(db: Db, id: number | null): S["FindingModifier"] | null {
  const u = byId(db.users, id);
  return u ? { id: u.id, username: u.username, email: u.email, fullname: fullName(u) } : null;
}

export function user(db: Db, u: DbUser): S["User"] {
  const company = byId(db.companies, u.company_id);
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    username: u.username,
    email: u.email,
    role: u.role,
    role_display: ROLE_LABEL[u.role],
    is_superuser: u.is_superuser,
    last_login: u.last_login,
    two_fa: u.two_fa,
    phone_number: u.phone_number,
    company: company ? [company.name] : [],
    assigned_company: company ? { id: company.id, name: company.name } : null,
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_active: u.is_active !== false,
    invitation_pending: u.invitation_pending === true,
  };
}

export function company(db: Db, c: DbCompany): S["Company"] {
  // A deactivated account is no longer counted or listed as an admin, as on the server.
  const members = childrenOf(db.users, "company_id", c.id).filter((m) => m.is_active !== false);
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    description: c.description,
    members_count: members.length,
    client_admin: members.filter((m) => m.role === "CLIENT_ADMIN").map((m) => user(db, m)),
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** The company a list row names for staff (issue 14's Company column). */
export function companyRef(db: Db, id: number | null | undefined): S["CompanyRef"] {
  const c = byId(db.companies, id);
  return { id: c?.id ?? 0, name: c?.name ?? "" };
}

export function productRef(db: Db, id: number | null | undefined): S["ProductRef"] {
  const p = byId(db.products, id);
  return { id: p?.id ?? 0, name: p?.name ?? "" };
}

export function product(db: Db, p: DbProduct): S["Product"] {
  // Removed (archived) assets are not counted: the counts say what the asset lists open.
  const live = (rows: ReadonlyArray<{ archived_at?: string }>) => rows.filter((a) => !a.archived_at).length;
  const network = live(childrenOf(db.networkAssets, "product_id", p.id));
  const exposure = live(childrenOf(db.exposureAssets, "product_id", p.id));
  const threat = childrenOf(db.threatAssets, "product_id", p.id).length;
  const web = live(childrenOf(db.webAssets, "product_id", p.id));
  const source = live(childrenOf(db.sourceAssets, "product_id", p.id));
  return {
    id: p.id,
    name: p.name,
    company: p.company_id,
    endpoint_count: network + exposure + threat,
    network_count: network,
    exposure_count: exposure,
    threat_count: threat,
    url_count: web,
    repository_count: source,
    assets_count: network + exposure + threat + web + source,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

/** The company that owns a product (for scoping). */
export const companyOfProduct = (db: Db, productId: number) => byId(db.products, productId)?.company_id ?? 0;

// ------------------------------------------------------------------ summaries

export function severitySummary(findings: readonly DbFinding[]): SeveritySummary {
  const out: SeveritySummary = { high: 0, medium: 0, low: 0, info: 0, log: 0 };
  for (const f of findings) {
    const severity = template(f).severity;
    if (severity === "HIGH") out.high++;
    else if (severity === "MEDIUM") out.medium++;
    else if (severity === "LOW") out.low++;
    else if (severity === "INFO") out.info++;
    else out.log++;
  }
  return out;
}

export function statusSummary(findings: readonly DbFinding[]): FindingStatusSummary {
  const out: FindingStatusSummary = { active: 0, fixing: 0, mitigated: 0, tolerated: 0, false_positive: 0 };
  for (const f of findings) {
    if (f.status === "ACTIVE") out.active++;
    else if (f.status === "FIXING") out.fixing++;
    else if (f.status === "MITIGATED") out.mitigated++;
    else if (f.status === "TOLERATED") out.tolerated++;
    else out.false_positive++;
  }
  return out;
}

export const isRunning = (status: ScanStatus) => status === "PENDING" || status === "QUEUED" || status === "RUNNING";

/** ON_PROGRESS while the latest scan has not finished. */
export function progressOf(latest: { status: ScanStatus } | undefined): ProgressStatus {
  return latest && isRunning(latest.status) ? "ON_PROGRESS" : "COMPLETED";
}

// ------------------------------------------------------------------ findings

export function template(f: DbFinding): VulnTemplate {
  const list = vulnCatalogue(f.area);
  return list[f.vuln % list.length] as VulnTemplate;
}

export const findingsOf = (db: Db, area: DbFinding["area"], parentId: number) =>
  childrenOf(db.findings, "parent_id", parentId).filter((f) => f.area === area);

function logEntry(db: Db, l: DbFindingLog): S["FindingLogStatus"] {
  return {
    id: l.id,
    old_status: l.old_status,
    new_status: l.new_status,
    new_status_display: FINDING_STATUS_LABEL[l.new_status],
    message: l.message,
    modified_by: modifier(db, l.modified_by),
    created_at: l.created_at,
    updated_at: l.created_at,
    batch_id: l.batch_id ?? null,
    undoes: l.undoes ?? null,
  };
}

/**
 * When the vulnerability of `f` was first seen on its target; the findings index registers its own
 * (derived once per data set) so a Finding's due date agrees with the index row's first_seen.
 */
let firstSeenOf: (db: Db, f: DbFinding) => string = (_db, f) => f.created_at;
export function setFirstSeenLookup(lookup: (db: Db, f: DbFinding) => string): void {
  firstSeenOf = lookup;
}

/**
 * How `f` compares with its target's previous completed scan, and the finding it continues; the
 * findings index registers its own (the same history it answers `change` from), so every area's
 * findings agree with the index row.
 */
type FindingChangeFields = Pick<S["Finding"], "change" | "previous_id">;
let changeOf: (db: Db, f: DbFinding) => FindingChangeFields = () => ({ change: null, previous_id: null });
export function setChangeLookup(lookup: (db: Db, f: DbFinding) => FindingChangeFields): void {
  changeOf = lookup;
}

export function finding(db: Db, f: DbFinding): S["Finding"] {
  const t = template(f);
  const codeVulns = vulnCatalogue("sourcecode");
  const code = f.area === "sourcecode" ? codeVulns[f.vuln % codeVulns.length] : undefined;
  const last = f.log[f.log.length - 1];
  const due = dueOf(db, f, t.severity, firstSeenOf(db, f));
  return {
    id: f.id,
    finding_log_status: f.log.map((l) => logEntry(db, l)),
    modified_by: modifier(db, last?.modified_by ?? null),
    message: last?.message ?? null,
    status: f.status,
    status_display: FINDING_STATUS_LABEL[f.status],
    severity: t.severity,
    severity_display: SEVERITY_LABEL[t.severity],
    endpoint: f.host,
    is_deleted: false,
    name: t.name,
    description: t.description,
    summary: t.summary,
    mitigation: t.mitigation,
    impact: t.impact,
    references: t.references,
    affected: code ? code.component : t.affected,
    insight: t.insight,
    cvss2: t.cvss2,
    cvss2_score: t.cvss2_score,
    cvss3: t.cvss3,
    cvss3_score: t.cvss3_score,
    cwe: t.cwe,
    cve: t.cve,
    component: code?.component ?? null,
    line: f.line,
    sourcecode_finding_type: code?.sourcecode_finding_type ?? null,
    qod: t.qod,
    port: f.area === "network" || f.area === "threat" ? t.port : null,
    protocol: f.area === "network" || f.area === "threat" ? t.protocol : null,
    code_snippets: code?.code_snippets ?? [],
    rule_examples: code?.rule_examples ?? [],
    threat_inspection_endpoint: f.area === "threat" ? f.parent_id : null,
    asset: f.asset_id,
    version: f.version,
    assignee: userSummary(db, f.assignee_id ?? null),
    due_date: due,
    is_overdue: isOverdue(f, due),
    ...changeOf(db, f),
  };
}

export function sourceCodeFindingRow(db: Db, f: DbFinding): S["SourceCodeFinding"] {
  const codeVulns = vulnCatalogue("sourcecode");
  const t = codeVulns[f.vuln % codeVulns.length];
  return {
    id: f.id,
    name: t?.name ?? "",
    severity: t?.severity ?? "INFO",
    status: f.status,
    description: t?.description ?? "",
    mitigation: t?.mitigation ?? null,
    evidence: t?.evidence ?? null,
    branch: f.branch ?? "main",
    affected: t ? `${t.component}:${f.line ?? t.line}` : null,
    references: t?.references ?? [],
    ...changeOf(db, f),
  };
}

export function webFindingRow(db: Db, f: DbFinding): S["WebFindingListItem"] {
  const t = template(f);
  return { id: f.id, name: t.name, severity: t.severity, status: f.status, ...changeOf(db, f) };
}

/** Sort order of finding lists: most severe first, then newest. */
const SEVERITY_RANK = Object.fromEntries(SEVERITIES.map((severity, rank) => [severity, rank])) as Record<
  Severity,
  number
>;
export function bySeverity(a: DbFinding, b: DbFinding): number {
  return SEVERITY_RANK[template(a).severity] - SEVERITY_RANK[template(b).severity] || a.id - b.id;
}

// ------------------------------------------------------------------ network

export function networkConfigStatus(db: Db, configId: number): ProgressStatus {
  return progressOf(newestFirst(childrenOf(db.networkScans, "config_id", configId), (s) => s.scan_time.schedulle)[0]);
}

export function networkConfig(db: Db, c: Db["networkConfigs"][number]): S["NetworkScanConfiguration"] {
  const status = networkConfigStatus(db, c.id);
  const owner = byId(db.companies, c.company_id);
  return {
    id: c.id,
    schedulle_type: c.schedulle_type,
    schedulle_type_display: SCHEDULE_LABEL[c.schedulle_type],
    frequency_type: c.frequency_type,
    frequency_type_display: c.frequency_type ? FREQUENCY_LABEL[c.frequency_type] : null,
    target: c.targets.map((t) => {
      const endpoint = byId(db.networkEndpoints, t.endpoint_id);
      return {
        id: t.id,
        target_type: t.target_type,
        asset: t.asset_id,
        endpoint: { id: t.endpoint_id, host: endpoint?.host ?? "" },
        created_at: t.created_at,
        updated_at: t.updated_at,
      };
    }),
    target_type: c.target_type,
    target_type_display: TARGET_TYPE_LABEL[c.target_type],
    status,
    status_display: PROGRESS_STATUS_LABEL[status],
    created_at: c.created_at,
    updated_at: c.updated_at,
    company: { id: c.company_id, name: owner?.name ?? "" },
  };
}

export function networkScanFindings(db: Db, scanId: number): DbFinding[] {
  return childrenOf(db.scanEndpoints, "scan_id", scanId).flatMap((se) => findingsOf(db, "network", se.id));
}

/**
 * A scan's counts against the target's previous scan, once it has ended. The demo data's completed
 * scans carry theirs (seed/findingChanges.ts; the server's seed loader stores the same). Static mode's
 * simulated runs and imports find nothing, so a completed one answers zeros; one that failed or was
 * aborted stored nothing and answers null, as on the server.
 */
function findingChanges(scan: {
  status: string;
  simulated_from?: number;
  finding_changes?: S["ScanFindingChanges"];
}): S["ScanFindingChanges"] | null {
  if (scan.finding_changes) return scan.finding_changes;
  // Only a run that stored its result counts; one that failed or was aborted before stored nothing.
  const stored = scan.status === "COMPLETED" || scan.status === "DONE";
  return stored && scan.simulated_from !== undefined ? { new: 0, unchanged: 0, reopened: 0, mitigated: 0 } : null;
}

export function networkScan(db: Db, s: DbNetworkScan): S["NetworkScan"] {
  const config = byId(db.networkConfigs, s.config_id);
  const targetType = config?.target_type ?? "IP_SINGLE";
  return {
    id: s.id,
    status: s.status,
    status_display: SCAN_STATUS_LABEL[s.status],
    scan_time: s.scan_time,
    start_time: s.start_time,
    end_time: s.end_time,
    severity: severitySummary(networkScanFindings(db, s.id)),
    scanned_by: userSummary(db, s.scanned_by),
    progress: s.progress,
    completed_count: s.completed_count,
    failed_count: s.failed_count,
    target_type: targetType,
    target_type_display: TARGET_TYPE_LABEL[targetType],
    schedulle_type: s.schedulle_type,
    schedulle_type_display: SCHEDULE_LABEL[s.schedulle_type],
    failure_reason: s.failure_reason,
    finding_changes: findingChanges(s),
  };
}

type EndpointCounters = Pick<
  S["ScanEndpoint"],
  | "finding_total"
  | "finding_high"
  | "finding_medium"
  | "finding_low"
  | "finding_log"
  | "finding_info"
  | "finding_active"
  | "finding_fixing"
  | "finding_mitigated"
  | "finding_tolerated"
  | "finding_false_positive"
>;

function counters(findings: readonly DbFinding[]): EndpointCounters {
  const sev = severitySummary(findings);
  const st = statusSummary(findings);
  return {
    finding_total: findings.length,
    finding_high: sev.high,
    finding_medium: sev.medium,
    finding_low: sev.low,
    finding_log: sev.log,
    finding_info: sev.info,
    finding_active: st.active,
    finding_fixing: st.fixing,
    finding_mitigated: st.mitigated,
    finding_tolerated: st.tolerated,
    finding_false_positive: st.false_positive,
  };
}

export function scanEndpoint(db: Db, se: DbScanEndpoint): S["ScanEndpoint"] {
  const scan = byId(db.networkScans, se.scan_id);
  const config = byId(db.networkConfigs, scan?.config_id);
  const endpoint = byId(db.networkEndpoints, se.endpoint_id);
  const asset = byId(db.networkAssets, endpoint?.asset_id);
  return {
    id: se.id,
    host: endpoint?.host ?? "",
    status: se.status,
    product: productRef(db, asset?.product_id ?? config?.product_id),
    ...counters(findingsOf(db, "network", se.id)),
    schedulle_type: scan?.schedulle_type ?? "ONE_TIME_SCAN",
    target_type: config?.target_type ?? "IP_SINGLE",
    scanned_by: userSummary(db, scan?.scanned_by ?? null),
    scan_time: scan?.scan_time ?? null,
    services_count: se.services.length,
    created_at: se.created_at,
    updated_at: se.updated_at,
  };
}

// ------------------------------------------------------------------ source code and web

export function sourceApp(db: Db, app: Db["sourceApps"][number]): S["SourceCodeApplication"] {
  const asset = byId(db.sourceAssets, app.asset_id);
  const latest = newestFirst(childrenOf(db.sourceScans, "app_id", app.id), (s) => s.created_at)[0];
  return {
    id: app.id,
    repository: asset?.repository_name ?? "",
    git_provider: asset?.git_provider ?? "GITHUB",
    username: asset?.username ?? "",
    product: productRef(db, asset?.product_id),
    company: companyRef(db, byId(db.products, asset?.product_id)?.company_id),
    status: latest?.status ?? "QUEUED",
    last_scan: latest?.created_at ?? null,
    branches: [...(asset?.branches ?? [])],
  };
}

export function sourceScan(db: Db, scan: Db["sourceScans"][number]): S["SourceCodeScan"] {
  return {
    id: scan.id,
    created_at: scan.created_at,
    status: scan.status,
    branch: scan.branch,
    total_severity: severitySummary(findingsOf(db, "sourcecode", scan.id)),
    failure_reason: scan.failure_reason,
    finding_changes: findingChanges(scan),
  };
}

export function webApp(db: Db, app: Db["webApps"][number]): S["WebApplication"] {
  const asset = byId(db.webAssets, app.asset_id);
  const latest = newestFirst(childrenOf(db.webScans, "app_id", app.id), (s) => s.created_at)[0];
  return {
    id: app.id,
    target: asset?.url ?? "",
    application: asset?.application_name ?? "",
    product: productRef(db, asset?.product_id),
    company: companyRef(db, byId(db.products, asset?.product_id)?.company_id),
    status: latest?.status ?? "PENDING",
    last_scan: latest?.created_at ?? null,
  };
}

export function webScan(db: Db, scan: Db["webScans"][number]): S["WebScan"] {
  const app = byId(db.webApps, scan.app_id);
  const asset = byId(db.webAssets, app?.asset_id);
  const findings = findingsOf(db, "web", scan.id);
  return {
    id: scan.id,
    target_detail: {
      target: asset?.url ?? "",
      scan_history: scan.created_at,
      status: scan.status,
      product: productRef(db, asset?.product_id),
      failure_reason: scan.failure_reason,
      progress: ["COMPLETED", "FAILED", "ABORTED"].includes(scan.status) ? 100 : (scan.progress ?? 0),
      start_time: scan.start_time ?? null,
      end_time: scan.end_time ?? null,
    },
    severity_overview: severitySummary(findings),
    status_overview: statusSummary(findings),
    finding_changes: findingChanges(scan),
  };
}

// ------------------------------------------------------------------ exposure detection

/** A configuration's scans, newest first; a scan that has not started yet (no `start_scan`) is the newest. */
export const exposureScansNewestFirst = (db: Db, configId: number) =>
  newestFirst(childrenOf(db.exposureScans, "config_id", configId), (s) => s.start_scan ?? notStarted);
const notStarted = "\uffff";

export function exposureConfig(db: Db, c: Db["exposureConfigs"][number]): S["ExposureDetectionConfiguration"] {
  const asset = byId(db.exposureAssets, c.asset_id);
  const scans = exposureScansNewestFirst(db, c.id);
  const lastEnded = scans.find((s) => s.end_scan !== null);
  return {
    id: c.id,
    target: { id: asset?.target.id ?? 0, asset: asset?.id ?? 0, name: asset?.target.name ?? "" },
    status: progressOf(scans[0]),
    scheduled_scan: c.scheduled_scan,
    last_scanned: lastEnded?.end_scan ?? null,
    company: companyRef(db, c.company_id),
    domain: asset?.target.name ?? "",
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function exposureDomain(d: Db["exposureDomains"][number]): S["ExposureDomain"] {
  return { id: d.id, name: d.name, domain_type: d.domain_type };
}

export function hostDomains(db: Db, host: DbExposureHost): S["ExposureDomain"][] {
  return host.domain_ids.flatMap((id) => {
    const d = byId(db.exposureDomains, id);
    return d ? [exposureDomain(d)] : [];
  });
}

export function exposureHost(db: Db, h: DbExposureHost): S["ExposureHost"] {
  const scan = byId(db.exposureScans, h.scan_id);
  return {
    id: h.id,
    name: h.name,
    is_new: h.is_new,
    country: h.country,
    country_code: h.country_code,
    service_count: h.services.length,
    services: h.services,
    domains: hostDomains(db, h),
    scanned_by: userSummary(db, scan?.scanned_by ?? null),
  };
}

/** The exposure detection asset behind a target id (targets and assets are one to one). */
export const exposureAssetOfTarget = (db: Db, targetId: number) =>
  db.exposureAssets.find((a) => a.target.id === targetId);

// ------------------------------------------------------------------ threat inspection

export function threatConfig(db: Db, c: DbThreatConfig): S["ThreatInspectionConfiguration"] {
  const asset = exposureAssetOfTarget(db, c.exposure_target_id);
  const hosts = c.selected_host_ids.flatMap((id) => {
    const h = byId(db.exposureHosts, id);
    return h ? [h] : [];
  });
  const latest = newestFirst(childrenOf(db.threatScans, "config_id", c.id), (s) => s.start_scan)[0];
  // A configuration that is not paid yet has not finished anything.
  const status: ProgressStatus = c.paid_invoice ? progressOf(latest) : "ON_PROGRESS";
  return {
    id: c.id,
    name: c.name,
    status,
    status_display: PROGRESS_STATUS_LABEL[status],
    targets_count: hosts.length,
    services_count: hosts.reduce((n, h) => n + h.services.length, 0),
    scan_frequency: c.scan_frequency,
    scan_frequency_display: c.scan_frequency ? FREQUENCY_LABEL[c.scan_frequency] : null,
    domain_target: asset?.target.name ?? null,
    company: companyRef(db, c.company_id),
    exposure_detection_target: { id: c.exposure_target_id, name: asset?.target.name ?? "" },
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function threatScan(db: Db, s: DbThreatScan): S["ThreatInspectionScan"] {
  const config = byId(db.threatConfigs, s.config_id);
  const asset = config ? exposureAssetOfTarget(db, config.exposure_target_id) : undefined;
  return {
    id: s.id,
    status: s.status,
    start_scan: s.start_scan,
    end_scan: s.end_scan,
    progress: s.progress,
    scanned_by: userSummary(db, s.scanned_by),
    exposure_detection_target: { id: config?.exposure_target_id ?? 0, name: asset?.target.name ?? "" },
    completed_count: s.completed_count,
    failed_count: s.failed_count,
    failure_reason: s.failure_reason,
  };
}

export function threatScanFindings(db: Db, scanId: number): DbFinding[] {
  return childrenOf(db.threatEndpoints, "scan_id", scanId).flatMap((e) => findingsOf(db, "threat", e.id));
}

export function threatScanDetail(db: Db, s: DbThreatScan): S["ThreatInspectionScanDetail"] {
  const findings = threatScanFindings(db, s.id);
  return {
    ...threatScan(db, s),
    severity_summary: severitySummary(findings),
    finding_status_summary: statusSummary(findings),
  };
}

export function threatTarget(db: Db, config: DbThreatConfig, host: DbExposureHost): S["ThreatInspectionTarget"] {
  const exposureAsset = exposureAssetOfTarget(db, config.exposure_target_id);
  const asset = db.threatAssets.find((a) => a.host_id === host.id);
  return {
    id: host.id,
    name: host.name,
    endpoint: { id: host.id, host: host.name },
    asset: asset?.id ?? null,
    product: exposureAsset ? productRef(db, exposureAsset.product_id) : null,
    domains: hostDomains(db, host),
    target_domain: exposureAsset?.target.name ?? null,
    country: host.country,
  };
}

/**
 * Reputation results are derived from the scan and endpoint ids with their own seeded PRNG rather
 * than stored: ~50 engines per domain and endpoint would dominate the persisted state.
 */
const engineSlug = (engine: string) => engine.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** `hostile`: in the hostile dataset, one engine (PhishTank) answers with a `javascript:` reference, as a hostile feed could. */
function engineResults(
  seedKey: string,
  subject: string,
  detectionRate: number,
  withConfidence: boolean,
  hostile: boolean,
) {
  const rng = createRng(hashSeed(seedKey));
  return ENGINES.map((engine, i) => {
    const detected = rng.next() < detectionRate;
    const hostileRow = hostile && i === 3 && currentDataset() === "hostile";
    return {
      id: hashSeed(`${seedKey}:${engine}`) % 1_000_000_000,
      engine,
      detected,
      reference: hostileRow
        ? HOSTILE.jsUrl
        : detected || rng.chance(0.3)
          ? `https://${engineSlug(engine)}.example.org/lookup/${encodeURIComponent(subject)}`
          : null,
      confidence: withConfidence ? (detected ? rng.int(60, 100) : rng.int(0, 30)) : null,
      elapsed: rng.chance(0.04) ? null : Math.round((0.05 + rng.next() * 3) * 100) / 100,
    };
  });
}

const finishedEnough = (s: DbThreatScan) =>
  s.status === "COMPLETED" || s.status === "RUNNING" || s.status === "ABORTED" || s.status === "FAILED";

export function endpointReputation(db: Db, e: DbThreatEndpoint): S["EndpointReputation"] | null {
  const scan = byId(db.threatScans, e.scan_id);
  const host = byId(db.exposureHosts, e.host_id);
  if (!scan || !host || e.status !== "COMPLETED") return null;
  const rate = createRng(hashSeed(`rate:${host.id}`)).pick([0, 0, 0.02, 0.06, 0.12, 0.3]);
  const first = childrenOf(db.threatEndpoints, "scan_id", scan.id)[0]?.id === e.id;
  const engines = engineResults(`endpoint:${e.id}`, host.name, rate, false, first).map(
    ({ confidence: _c, ...rest }) => rest,
  );
  const detections = engines.filter((r) => r.detected).length;
  return {
    id: e.id,
    endpoint: host.name,
    detections,
    detection_rate: Math.round((detections / engines.length) * 1000) / 10,
    scan_time: e.updated_at,
    engine_endpoint_reputations: engines,
  };
}

export function domainReputations(db: Db, s: DbThreatScan): S["DomainReputation"][] {
  if (!finishedEnough(s)) return [];
  const config = byId(db.threatConfigs, s.config_id);
  if (!config) return [];
  const names = new Set<string>();
  for (const id of config.selected_host_ids) {
    const host = byId(db.exposureHosts, id);
    if (host) for (const d of hostDomains(db, host)) names.add(d.name);
  }
  return [...names].map((domain, i) => {
    const rate = createRng(hashSeed(`domain-rate:${domain}`)).pick([0, 0, 0.04, 0.1, 0.24]);
    const engines = engineResults(`domain:${s.id}:${domain}`, domain, rate, true, i === 0);
    const detections = engines.filter((r) => r.detected).length;
    return {
      id: hashSeed(`domain-reputation:${s.id}:${domain}`) % 1_000_000_000,
      domain,
      detections,
      detection_rate: Math.round((detections / engines.length) * 1000) / 10,
      scan_time: s.end_scan ?? s.start_scan ?? "",
      engine_domain_reputations: engines,
    };
  });
}

export function threatEndpoint(db: Db, e: DbThreatEndpoint): S["ThreatInspectionEndpoint"] {
  const scan = byId(db.threatScans, e.scan_id);
  const config = byId(db.threatConfigs, scan?.config_id);
  const host = byId(db.exposureHosts, e.host_id);
  const exposureAsset = config ? exposureAssetOfTarget(db, config.exposure_target_id) : undefined;
  const findings = findingsOf(db, "threat", e.id);
  const services = host?.services ?? [];
  return {
    id: e.id,
    host: host?.name ?? "",
    status: e.status,
    product: productRef(db, exposureAsset?.product_id),
    ...counters(findings),
    schedulle_type: "AUTOMATIC_SCHEDULLE",
    target_type: "IP_SINGLE",
    scanned_by: userSummary(db, scan?.scanned_by ?? null),
    scan_time: null,
    services_count: services.length,
    created_at: e.created_at,
    updated_at: e.updated_at,
    exposure_detection_target: { id: config?.exposure_target_id ?? 0, name: exposureAsset?.target.name ?? "" },
    domains: host ? hostDomains(db, host) : [],
    severity_summary: severitySummary(findings),
    finding_status_summary: statusSummary(findings),
    endpoint_reputation: endpointReputation(db, e),
    services,
    findings_count: findings.length,
  };
}

// ------------------------------------------------------------------ tickets, credits, payments

/** Django's DurationField format: "[D ]HH:MM:SS". */
export function djangoDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const rest = total % 86400;
  const hh = String(Math.floor(rest / 3600)).padStart(2, "0");
  const mm = String(Math.floor((rest % 3600) / 60)).padStart(2, "0");
  const ss = String(rest % 60).padStart(2, "0");
  return `${days > 0 ? `${days} ` : ""}${hh}:${mm}:${ss}`;
}

export function ticketMessage(db: Db, m: DbTicket["messages"][number], viewerId: number): S["TicketMessage"] {
  return {
    id: m.id,
    message: m.message,
    sender: userSummary(db, m.sender_id),
    sender_type: m.sender_type,
    created_at: m.created_at,
    attachments: m.attachments,
    is_self: m.sender_id === viewerId,
  };
}

export function ticket(db: Db, t: DbTicket, viewerId: number, nowMs: number): S["Ticket"] {
  const c = byId(db.companies, t.company_id);
  const end = t.closed_at ? Date.parse(t.closed_at) : nowMs;
  return {
    id: t.id,
    ticket_id: t.ticket_id,
    requestor: userSummary(db, t.requestor_id),
    name: t.name,
    status: t.status,
    category: t.category,
    category_display: TICKET_CATEGORY_LABEL[t.category],
    closed_at: t.closed_at,
    attachments: t.attachments,
    messages: t.messages.map((m) => ticketMessage(db, m, viewerId)),
    created_at: t.created_at,
    topup_amount: t.topup_amount,
    company: c ? { id: c.id, name: c.name } : null,
    description: t.description,
    invoice_code: t.invoice_code,
    topup_price: t.topup_price,
    lifetime: djangoDuration(end - Date.parse(t.created_at)),
    first_response_due: t.first_response_due,
    assignee: userSummary(db, t.assignee_id),
    rating: t.rating,
    rating_comment: t.rating_comment,
  };
}

export function payment(db: Db, p: DbPayment): S["Payment"] {
  const { company_id, kind: _kind, ...wire } = p;
  return { ...wire, company: companyRef(db, company_id) };
}

export function creditTransaction(db: Db, t: Db["creditTransactions"][number]): S["CreditTransaction"] {
  return {
    id: t.id,
    company: { id: t.company_id, name: byId(db.companies, t.company_id)?.name ?? "" },
    description: creditDescription(t),
    reference: t.reference,
    amount: t.amount,
    transaction_type: t.transaction_type,
    operator: t.operator,
    created_at: t.created_at,
    transaction_action: t.transaction_action,
  };
}

export { DOMAIN_TYPE_LABEL };
