import type {
  AllowedIpTargetKind,
  Attachment,
  CreditType,
  DomainType,
  FindingStatus,
  GitProvider,
  NetworkTargetType,
  Payment,
  RepositoryScanStatus,
  Role,
  ScanFrequency,
  ScanStatus,
  ScheduleType,
  Service,
  Severity,
  TicketCategory,
  TicketStatus,
  TransactionAction,
  TwoFAState,
} from "./schema-types.ts";

/**
 * The static-mode database: plain JSON (so it can be persisted), normalised, with foreign keys.
 * Wire shapes are built from it by the handlers; counters and summaries are derived on read so a
 * write (e.g. a finding status change) shows up everywhere that reads it.
 */
export interface Db {
  version: number;
  /** Next id per table; ids of created rows continue after the seed's. */
  nextId: Record<string, number>;
  /** Counter for invoice codes minted at run time, so they are deterministic per data set. */
  invoiceCounter: number;
  companies: DbCompany[];
  users: DbUser[];
  products: DbProduct[];
  networkAssets: DbNetworkAsset[];
  networkEndpoints: DbNetworkEndpoint[];
  networkConfigs: DbNetworkConfig[];
  networkScans: DbNetworkScan[];
  scanEndpoints: DbScanEndpoint[];
  findings: DbFinding[];
  sourceAssets: DbSourceAsset[];
  sourceApps: DbSourceApp[];
  sourceScans: DbSourceScan[];
  webAssets: DbWebAsset[];
  webApps: DbWebApp[];
  webScans: DbWebScan[];
  exposureAssets: DbExposureAsset[];
  exposureConfigs: DbExposureConfig[];
  exposureScans: DbExposureScan[];
  exposureHosts: DbExposureHost[];
  exposureDomains: DbExposureDomain[];
  threatAssets: DbThreatAsset[];
  threatConfigs: DbThreatConfig[];
  threatScans: DbThreatScan[];
  threatEndpoints: DbThreatEndpoint[];
  tickets: DbTicket[];
  payments: DbPayment[];
  creditTransactions: DbCreditTransaction[];
  /** Sends remembered by their Idempotency-Key (see idempotency.ts); empty in the seed. */
  idempotencyKeys: DbIdempotencyKey[];
  /** Bulk status changes and their undos (findings/batches.ts); empty in the seed. */
  findingBatches: DbFindingBatch[];
  /** Companies' own finding SLAs (findings/ownership.ts); absent in the seed, where every company has the defaults. */
  findingSlas?: DbFindingSla[];
  /** Ranges staff widened a company's scan scope by (issue 29); absent in the seed, where no company has any. */
  companyScanRanges?: DbCompanyScanRange[];
}

/** One range a company's scans may reach beyond public address space (issue 29). */
export interface DbCompanyScanRange {
  id: number;
  company_id: number;
  range: string;
  note: string;
  added_by: number | null;
  added_by_name: string;
  added_at: string;
}

/** A company's days to fix per severity (null: no due date) (issue 28). */
export interface DbFindingSla {
  /** The company's id (one SLA per company). */
  id: number;
  days: Record<Severity, number | null>;
}

export interface DbCompany {
  id: number;
  name: string;
  email: string;
  domain: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface DbUser {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  is_superuser: boolean;
  last_login: string | null;
  two_fa: TwoFAState;
  phone_number: string | null;
  company_id: number | null;
  created_at: string;
  updated_at: string;
  /** Absent on seeded users (active), so the seed and its hash stay as they were. */
  is_active?: boolean;
  /** True for a member added here until they first sign in (their stand-in for the invitation link). */
  invitation_pending?: boolean;
}

export interface DbProduct {
  id: number;
  name: string;
  company_id: number;
  created_at: string;
  updated_at: string;
  /** Set when the product was removed (issue 28); absent on seeded rows, so the seed hash holds. */
  archived_at?: string;
}

export interface DbNetworkAsset {
  id: number;
  product_id: number;
  /** IP address or range as written by the user. */
  target: string;
  kind: AllowedIpTargetKind;
  last_scanned: string | null;
  created_at: string;
  archived_at?: string;
}

/** One scannable address (a network asset expands into one or more). */
export interface DbNetworkEndpoint {
  id: number;
  asset_id: number;
  host: string;
}

export interface DbNetworkTarget {
  id: number;
  target_type: AllowedIpTargetKind;
  asset_id: number;
  endpoint_id: number;
  created_at: string;
  updated_at: string;
}

export interface DbNetworkConfig {
  id: number;
  company_id: number;
  product_id: number;
  schedulle_type: ScheduleType;
  frequency_type: ScanFrequency | null;
  target_type: NetworkTargetType;
  targets: DbNetworkTarget[];
  created_at: string;
  updated_at: string;
}

/** A scan's finding changes (the contract's ScanFindingChanges). */
export interface ScanFindingCounts {
  new: number;
  unchanged: number;
  reopened: number;
  mitigated: number;
}

export interface DbNetworkScan {
  id: number;
  config_id: number;
  status: ScanStatus;
  scan_time: { id: number; schedulle: string };
  schedulle_type: ScheduleType;
  start_time: string | null;
  end_time: string | null;
  scanned_by: number | null;
  progress: number;
  completed_count: number;
  failed_count: number;
  created_at: string;
  /** Why a FAILED or ABORTED scan stopped; null otherwise. */
  failure_reason: string | null;
  /** Credits debited when it was run from the app; absent for the demo data's scans. */
  price?: number;
  /** When static mode's simulated run started (clock ms); absent for the demo data's scans. */
  simulated_from?: number;
  /**
   * The demo data's counts against the target's previous completed scan, as a store keeps them
   * (seed/findingChanges.ts); only on its completed scans.
   */
  finding_changes?: ScanFindingCounts;
}

export interface DbScanEndpoint {
  id: number;
  scan_id: number;
  endpoint_id: number;
  status: ScanStatus;
  services: Service[];
  created_at: string;
  updated_at: string;
}

export type FindingArea = "network" | "threat" | "sourcecode" | "web";

export interface DbFindingLog {
  id: number;
  old_status: FindingStatus | null;
  new_status: FindingStatus;
  message: string;
  /** null = System. */
  modified_by: number | null;
  created_at: string;
  /** The bulk change or undo that wrote the entry; absent for a single change and the seed's entries. */
  batch_id?: number;
  /** On an entry an undo wrote, the batch it reverted. */
  undoes?: number;
}

export interface DbFinding {
  id: number;
  area: FindingArea;
  /** Index into the area's vulnerability catalogue. */
  vuln: number;
  /** Scan endpoint (network), threat endpoint (threat), or scan (sourcecode, web). */
  parent_id: number;
  company_id: number;
  status: FindingStatus;
  /** Incremented on every status change; clients send it back so nothing is silently overwritten (issue 16). */
  version: number;
  log: DbFindingLog[];
  /** Network address the finding is on (network, threat). */
  host: { id: number; host: string } | null;
  asset_id: number | null;
  /** Source code only. */
  branch: string | null;
  line: number | null;
  created_at: string;
  /** Who fixes it (issue 28); absent (nobody) in the seed, so the seed and its hash stay as they were. */
  assignee_id?: number | null;
}

export interface DbSourceAsset {
  id: number;
  product_id: number;
  git_provider: GitProvider;
  repository_name: string;
  username: string;
  branches: string[];
  created_at: string;
  /** The clone URL it was added with; seeded rows read as their provider's https address. */
  repository_url?: string;
  archived_at?: string;
}

export interface DbSourceApp {
  id: number;
  asset_id: number;
  created_at: string;
}

export interface DbSourceScan {
  id: number;
  app_id: number;
  branch: string;
  status: RepositoryScanStatus;
  created_at: string;
  /** Why a FAILED (or, for web, ABORTED) scan stopped; null otherwise. */
  failure_reason: string | null;
  /** What a run from the app was charged (10 credits a branch); absent for the demo data's scans. */
  price?: number;
  /** When static mode's simulated run started (clock ms); absent for the demo data's scans. */
  simulated_from?: number;
  /**
   * The demo data's counts against the target's previous completed scan, as a store keeps them
   * (seed/findingChanges.ts); only on its completed scans.
   */
  finding_changes?: ScanFindingCounts;
}

export interface DbWebAsset {
  id: number;
  product_id: number;
  application_name: string;
  url: string;
  created_at: string;
  archived_at?: string;
}

export interface DbWebApp {
  id: number;
  asset_id: number;
  created_at: string;
  /** The schedule it was added with (createWebApplications, issue 29); absent for the demo data's. */
  schedulle_type?: ScheduleType;
  frequency_type?: ScanFrequency | null;
}

export interface DbWebScan {
  id: number;
  app_id: number;
  status: ScanStatus;
  created_at: string;
  /** Why a FAILED (or, for web, ABORTED) scan stopped; null otherwise. */
  failure_reason: string | null;
  /** Set by static mode's simulated runs and imports (issue 29); absent for the demo data's scans. */
  progress?: number;
  start_time?: string | null;
  end_time?: string | null;
  scanned_by?: number | null;
  /** Credits debited when it was run from the app. */
  price?: number;
  /** When static mode's simulated run started (clock ms). */
  simulated_from?: number;
  /** When a PENDING scan booked with its application is due (createWebApplications, issue 29). */
  scan_time_schedulle?: string;
  /**
   * The demo data's counts against the target's previous completed scan, as a store keeps them
   * (seed/findingChanges.ts); only on its completed scans.
   */
  finding_changes?: ScanFindingCounts;
}

export interface DbExposureAsset {
  id: number;
  product_id: number;
  name: string;
  /** The exposure target (domain) this asset provides; ids of targets are their own. */
  target: { id: number; name: string };
  created_at: string;
  archived_at?: string;
}

export interface DbExposureConfig {
  id: number;
  company_id: number;
  asset_id: number;
  scheduled_scan: string | null;
  created_at: string;
  updated_at: string;
}

export interface DbExposureScan {
  id: number;
  config_id: number;
  status: ScanStatus;
  start_scan: string | null;
  end_scan: string | null;
  scanned_by: number | null;
  /** Why a FAILED or ABORTED scan stopped; null otherwise. */
  failure_reason: string | null;
  /** Percent complete; absent on seeded scans (100 once ended, else 0). */
  progress?: number;
  /** Name servers that allowed a zone transfer; absent on seeded scans (none). */
  zone_transfer_servers?: string[];
  /** Credits the scan was charged (runs in static mode); absent: nothing. */
  price?: number;
  /** Simulated run: when it was queued (ms since the epoch), driving its progress by the clock. */
  simulated_at?: number;
}

export interface DbExposureHost {
  id: number;
  scan_id: number;
  name: string;
  is_new: boolean;
  country: string | null;
  country_code: string | null;
  services: Service[];
  domain_ids: number[];
}

export interface DbExposureDomain {
  id: number;
  scan_id: number;
  name: string;
  domain_type: DomainType;
}

export interface DbThreatAsset {
  id: number;
  product_id: number;
  name: string;
  /** The exposure host this asset tracks. */
  host_id: number;
  config_id: number | null;
  last_scanned: string | null;
  created_at: string;
  updated_at: string;
}

export interface DbChargeEstimate {
  invoice_number: string;
  date: string;
  scan_frequency: ScanFrequency;
  scan_time: string;
  host_ids: number[];
  grand_total: number;
}

export interface DbThreatConfig {
  id: number;
  company_id: number;
  name: string;
  /** Exposure target id (DbExposureAsset.target.id). */
  exposure_target_id: number;
  selected_host_ids: number[];
  scan_frequency: ScanFrequency | null;
  estimate: DbChargeEstimate | null;
  /** Set once paid; a repeated process call with this invoice returns the same payment. */
  paid_invoice: string | null;
  payment_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface DbThreatScan {
  id: number;
  config_id: number;
  status: ScanStatus;
  start_scan: string | null;
  end_scan: string | null;
  progress: number;
  scanned_by: number | null;
  completed_count: number;
  failed_count: number;
  /** Why a FAILED or ABORTED scan stopped; null otherwise. */
  failure_reason: string | null;
  /** What the scan was charged (the server's threat_scans.price); absent in the seed, which charged nothing. */
  price?: number;
  /** When a scan run or bought in static mode was queued; the clock moves it along from there. */
  simulated_from?: number;
}

export interface DbThreatEndpoint {
  id: number;
  scan_id: number;
  host_id: number;
  status: ScanStatus;
  created_at: string;
  updated_at: string;
}

export interface DbTicketMessage {
  id: number;
  message: string;
  sender_id: number | null;
  sender_type: "client" | "staff";
  created_at: string;
  attachments: Attachment[];
}

export interface DbTicket {
  id: number;
  ticket_id: string;
  requestor_id: number | null;
  company_id: number | null;
  name: string;
  status: TicketStatus;
  category: TicketCategory;
  description: string;
  closed_at: string | null;
  attachments: Attachment[];
  messages: DbTicketMessage[];
  created_at: string;
  topup_amount: number | null;
  invoice_code: string | null;
  topup_price: number | null;
  first_response_due: string | null;
  /** Satisfaction rating of a closed ticket (feeds the ticket overview's average_rating). */
  rating: number | null;
  /** What the client said with their rating; null when nothing. */
  rating_comment: string | null;
  /** The staff member on the ticket; null when nobody is. */
  assignee_id: number | null;
}

/** The wire payment without its company reference, which is derived from `company_id` on read. */
export interface DbPayment extends Omit<Payment, "company"> {
  company_id: number;
  /** Top-ups are bought credits; spending payments record credits spent on a purchase (threat inspection). */
  kind: "TOPUP" | "SPENDING";
}

export interface DbCreditTransaction {
  id: number;
  company_id: number;
  amount: number;
  transaction_type: CreditType;
  operator: string;
  created_at: string;
  transaction_action: TransactionAction;
  /** The scan or invoice the credits moved for, as it was named then; null when nothing is on record. */
  reference: DbCreditReference | null;
}

/** See the contract's CreditTransactionReference: `id` names the page the scan or invoice is on. */
export interface DbCreditReference {
  kind: "PAYMENT" | "NETWORK_VA" | "APPLICATION_VA" | "SOURCE_CODE_VA" | "EXPOSURE_DETECTION" | "THREAT_INSPECTION";
  id: number;
  scan_id: number | null;
  target_id: number | null;
  label: string;
}

/** One remembered send: who sent it with which key, what it asked, and the success answer it got. */
export interface DbIdempotencyKey {
  id: number;
  user_id: number;
  key: string;
  /** `METHOD /concrete/path/`: a key belongs to one operation on one resource. */
  target: string;
  /** Digest of the request's fields and files (see idempotency.ts). */
  fingerprint: string;
  status: number;
  body: unknown;
  created_at: string;
}

/** One finding a batch changed: what it was, and what the batch left it at (undo checks both). */
export interface DbFindingBatchChange {
  finding_id: number;
  from_status: FindingStatus;
  to_status: FindingStatus;
  /** The finding's version after the batch; a different one at undo time means someone changed it since. */
  to_version: number;
}

/** A bulk status change or an undo of one (issue 16). */
export interface DbFindingBatch {
  id: number;
  actor_id: number;
  /** The companies whose findings the batch changed; who may undo it follows from them. */
  company_ids: number[];
  status: FindingStatus | null;
  reason: string;
  created_at: string;
  /** For an undo, the batch it undid. */
  undoes: number | null;
  /** Set once the batch has been undone (a batch is undone at most once). */
  undone_by: number | null;
  changes: DbFindingBatchChange[];
  /** An assignment batch (issue 28): absent on status batches; `changes` is then empty. */
  kind?: "assignee";
  assignChanges?: DbFindingAssignChange[];
}

/** One finding an assignment batch changed: its assignee before and after (undo checks the latter). */
export interface DbFindingAssignChange {
  finding_id: number;
  from_assignee: number | null;
  to_assignee: number | null;
}
