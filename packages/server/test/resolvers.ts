import { sql } from "kysely";
import type { Db } from "../src/db/pool.ts";

/**
 * For every operation whose path names records, the path values of one record of a given company.
 * The contract and isolation suites call each operation with them; an operation with path values
 * and no entry here fails those suites, so a new operation is covered from the day it is added.
 */
export type Resolver = (db: Db, company: number) => Promise<Record<string, number> | null>;

const one =
  (query: (company: number) => ReturnType<typeof sql<Record<string, number>>>): Resolver =>
  async (db, company) =>
    (await query(company).execute(db)).rows[0] ?? null;

const company: Resolver = async (_db, id) => ({ id });
const member = one(
  (c) =>
    sql`select company_id as id, id as member_id from users where company_id = ${c} and role = 'CLIENT' order by id limit 1`,
);
/**
 * A member who is none of the demo accounts: deactivating one or resetting their 2FA ends their
 * sign-ins, and the suites' own tokens must outlive the sweep.
 */
const bystander = one(
  (c) =>
    sql`select company_id as id, id as member_id from users
         where company_id = ${c} and role = 'CLIENT' and email not like '%@example.com' order by id limit 1`,
);
const product = one((c) => sql`select id from products where company_id = ${c} order by id limit 1`);
/**
 * The newest live asset of a kind: the sweep removes it, and no other operation's record is it. (The
 * sweep's product is the first, which holds assets, so removing it answers 409 and changes nothing.)
 */
const newestAsset = (table: string) =>
  one(
    (c) =>
      sql`select id from ${sql.table(table)} where company_id = ${c} and archived_at is null order by id desc limit 1`,
  );
const sourceAsset = newestAsset("source_assets");
const webAsset = newestAsset("web_assets");
const networkAsset = newestAsset("network_assets");
const exposureAsset = newestAsset("exposure_assets");
const networkConfig = one(
  (c) => sql`select config_id as id from network_scans where company_id = ${c} order by id limit 1`,
);
const networkScan = one(
  (c) => sql`select config_id as id, id as scan_id from network_scans where company_id = ${c} order by id limit 1`,
);
const networkScanCamel = one(
  (c) => sql`select config_id as id, id as "scanId" from network_scans where company_id = ${c} order by id limit 1`,
);
const scanEndpoint = one(
  (c) => sql`select s.config_id as id, s.id as "scanId", e.id as "endpointId"
               from scan_endpoints e join network_scans s on s.id = e.scan_id
              where e.company_id = ${c} and exists (select 1 from findings f where f.area = 'network' and f.parent_id = e.id)
              order by e.id limit 1`,
);
const networkFinding = one(
  (c) => sql`select s.config_id as id, s.id as "scanId", e.id as "endpointId", f.id as "findingId"
               from findings f join scan_endpoints e on e.id = f.parent_id join network_scans s on s.id = e.scan_id
              where f.area = 'network' and f.company_id = ${c} order by f.id limit 1`,
);
const sourceApp = one((c) => sql`select app_id as id from source_scans where company_id = ${c} order by id limit 1`);
const sourceScan = one(
  (c) => sql`select parent_id as id from findings where area = 'sourcecode' and company_id = ${c} order by id limit 1`,
);
const sourceFinding = one(
  (c) =>
    sql`select parent_id as id, id as "findingId" from findings where area = 'sourcecode' and company_id = ${c} order by id limit 1`,
);
const webApp = one((c) => sql`select app_id as id from web_scans where company_id = ${c} order by id limit 1`);
const webScan = one(
  (c) => sql`select parent_id as id from findings where area = 'web' and company_id = ${c} order by id limit 1`,
);
const webFinding = one(
  (c) =>
    sql`select parent_id as id, id as "findingId" from findings where area = 'web' and company_id = ${c} order by id limit 1`,
);
const ticket = one((c) => sql`select id from tickets where company_id = ${c} order by id limit 1`);
const exposureConfig = one(
  (c) => sql`select config_id as id from exposure_scans where company_id = ${c} order by id limit 1`,
);
const exposureScan = one(
  (c) =>
    sql`select config_id as id, id as "scanId" from exposure_scans where company_id = ${c} and status = 'COMPLETED' order by id limit 1`,
);
const threatConfig = one((c) => sql`select id from threat_configs where company_id = ${c} order by id limit 1`);
const threatSelection = one(
  (c) => sql`select tc.id, s.id as exposure_scan_id
               from threat_configs tc
               join exposure_assets a on a.target_id = tc.exposure_target_id
               join exposure_configs ec on ec.asset_id = a.id
               join exposure_scans s on s.config_id = ec.id
              where tc.company_id = ${c} order by tc.id, s.id limit 1`,
);
/** The newest draft: the sweep discards it, and no other operation's record is it. */
const threatDraft = one(
  (c) => sql`select id from threat_configs where company_id = ${c} and paid_invoice is null order by id desc limit 1`,
);
const threatScan = one((c) => sql`select id from threat_scans where company_id = ${c} order by id limit 1`);
const threatEndpoint = one(
  (c) => sql`select parent_id as id from findings where area = 'threat' and company_id = ${c} order by id limit 1`,
);
const threatFinding = one(
  (c) => sql`select id from findings where area = 'threat' and company_id = ${c} order by id limit 1`,
);
const batch = one(
  (c) => sql`select id as batch_id from finding_batches where company_ids = array[${c}]::integer[] order by id limit 1`,
);
const attachment = one((c) => sql`select id from attachments where company_id = ${c} order by id limit 1`);
const payment = one((c) => sql`select id from payments where company_id = ${c} order by id limit 1`);

export const resolvers: Record<string, Resolver> = {
  getPayment: payment,
  getCompany: company,
  updateCompany: company,
  listCompanyMembers: company,
  createCompanyMember: company,
  getCompanyMember: member,
  updateCompanyMember: member,
  deactivateCompanyMember: bystander,
  reactivateCompanyMember: bystander,
  resendCompanyMemberInvitation: bystander,
  resetCompanyMemberTwoFactor: bystander,
  getProduct: product,
  updateProduct: product,
  deleteProduct: product,
  updateSourceCodeAsset: sourceAsset,
  deleteSourceCodeAsset: sourceAsset,
  updateWebAppAsset: webAsset,
  deleteWebAppAsset: webAsset,
  updateNetworkAsset: networkAsset,
  deleteNetworkAsset: networkAsset,
  updateExposureAsset: exposureAsset,
  deleteExposureAsset: exposureAsset,
  getNetworkScanConfiguration: networkConfig,
  listNetworkScans: networkConfig,
  updateNetworkScanSchedule: networkScan,
  runNetworkScan: one(
    (c) => sql`select c.id from network_configs c where c.company_id = ${c}
               and not exists (select 1 from network_scans s where s.config_id = c.id and s.status in ('QUEUED', 'RUNNING'))
               order by c.id limit 1`,
  ),
  importNetworkScanReport: one((c) => sql`select id from network_configs where company_id = ${c} order by id limit 1`),
  // A scan that has not ended, which an abort stops.
  abortNetworkScan: one(
    (c) => sql`select config_id as id, id as scan_id from network_scans
               where company_id = ${c} and status in ('PENDING', 'QUEUED', 'RUNNING') order by id limit 1`,
  ),
  listNetworkScanEndpoints: networkScanCamel,
  getNetworkScanEndpoint: scanEndpoint,
  listNetworkFindings: scanEndpoint,
  listNetworkServices: scanEndpoint,
  getNetworkFinding: networkFinding,
  updateNetworkFindingStatus: networkFinding,
  getSourceCodeApplication: sourceApp,
  listSourceCodeScans: sourceApp,
  getSourceCodeScan: sourceScan,
  runSourceCodeScan: one(
    (c) => sql`select a.id from source_apps a where a.company_id = ${c}
               and not exists (select 1 from source_scans s where s.app_id = a.id and s.status in ('QUEUED', 'SCANNING'))
               order by a.id limit 1`,
  ),
  importSourceCodeScanReport: one((c) => sql`select id from source_apps where company_id = ${c} order by id limit 1`),
  // A scan that has not ended, which an abort stops.
  abortSourceCodeScan: one(
    (c) => sql`select id from source_scans where company_id = ${c} and status in ('QUEUED', 'SCANNING')
               order by id limit 1`,
  ),
  getSourceCodeScanSchedule: sourceApp,
  updateSourceCodeScanSchedule: sourceApp,
  listSourceCodeFindings: sourceScan,
  getSourceCodeFinding: sourceFinding,
  updateSourceCodeFindingStatus: sourceFinding,
  getWebApplication: webApp,
  listWebScans: webApp,
  getWebScan: webScan,
  runWebScan: one(
    (c) => sql`select a.id from web_apps a where a.company_id = ${c}
               and not exists (select 1 from web_scans s where s.app_id = a.id and s.status in ('QUEUED', 'RUNNING'))
               order by a.id limit 1`,
  ),
  importWebScanReport: one(
    (c) => sql`select a.id from web_apps a where a.company_id = ${c}
               and not exists (select 1 from web_scans s where s.app_id = a.id and s.status in ('QUEUED', 'RUNNING'))
               order by a.id desc limit 1`,
  ),
  // A scan that has not ended, which an abort stops.
  abortWebScan: one(
    (c) => sql`select id from web_scans where company_id = ${c} and status in ('PENDING', 'QUEUED', 'RUNNING')
               order by id limit 1`,
  ),
  getWebScanSchedule: webApp,
  updateWebScanSchedule: webApp,
  listWebFindings: webScan,
  getWebFinding: webFinding,
  updateWebFindingStatus: webFinding,
  getTicket: ticket,
  createTicketMessage: ticket,
  updateTicketStatus: ticket,
  assignTicket: ticket,
  rateTicket: ticket,
  downloadTicketAttachment: attachment,
  listExposureDetectionScans: exposureConfig,
  runExposureDetectionScan: one(
    (c) => sql`select c.id from exposure_configs c where c.company_id = ${c}
               and not exists (select 1 from exposure_scans s where s.config_id = c.id and s.status in ('QUEUED', 'RUNNING'))
               order by c.id limit 1`,
  ),
  importExposureDetectionScanReport: one(
    (c) => sql`select id from exposure_configs where company_id = ${c} order by id limit 1`,
  ),
  // A scan that has not ended, which an abort stops.
  abortExposureDetectionScan: one(
    (c) => sql`select config_id as id, id as scan_id from exposure_scans
               where company_id = ${c} and status in ('PENDING', 'QUEUED', 'RUNNING') order by id limit 1`,
  ),
  getExposureDetectionScanSchedule: exposureConfig,
  updateExposureDetectionScanSchedule: exposureConfig,
  listExposureHosts: exposureScan,
  listExposureDomains: exposureScan,
  getThreatInspectionConfiguration: threatConfig,
  discardThreatInspectionConfiguration: threatDraft,
  updateThreatInspectionEndpoints: threatConfig,
  estimateThreatInspectionPrice: threatConfig,
  processThreatInspectionConfiguration: threatConfig,
  listThreatInspectionTargets: threatConfig,
  getThreatInspectionEndpointSelection: threatSelection,
  listThreatInspectionScans: threatConfig,
  runThreatInspectionScan: one(
    (c) => sql`select tc.id from threat_configs tc where tc.company_id = ${c} and tc.paid_invoice is not null
               and not exists (select 1 from threat_scans s where s.config_id = tc.id and s.status in ('QUEUED', 'RUNNING'))
               order by tc.id limit 1`,
  ),
  // A scan that has not ended, which an abort stops.
  abortThreatInspectionScan: one(
    (c) => sql`select config_id as id, id as scan_id from threat_scans
               where company_id = ${c} and status in ('PENDING', 'QUEUED', 'RUNNING') order by id limit 1`,
  ),
  getThreatInspectionScan: threatScan,
  listThreatInspectionScanEndpoints: threatScan,
  listThreatInspectionEndpointReputations: threatScan,
  listThreatInspectionDomainReputations: threatScan,
  getThreatInspectionEndpoint: threatEndpoint,
  listThreatInspectionFindings: threatEndpoint,
  getThreatInspectionFinding: threatFinding,
  updateThreatInspectionFindingStatus: threatFinding,
  undoFindingBatch: batch,
  assignFinding: one(
    (c) => sql`select id from findings where company_id = ${c} and scan_id is not null order by id limit 1`,
  ),
  getFindingSla: company,
  updateFindingSla: company,
  listFindingAssignees: company,
  listCompanyScanRanges: company,
  addCompanyScanRange: company,
  removeCompanyScanRange: scanRange,
};

/**
 * A widened scan range of the company. The seed has none (static mode's seed stays as pinned), so
 * the first call gives every company one, before the isolation sweep takes its fingerprints; later
 * calls add only to companies whose range a sweep removed.
 */
async function scanRange(db: Db, company: number) {
  await sql`insert into company_scan_ranges (company_id, range, note, added_by_name)
            select c.id, '10.40.0.0/16', 'Office VPN', 'Seeded by the contract suite' from companies c
             where not exists (select 1 from company_scan_ranges r where r.company_id = c.id)`.execute(db);
  const { rows } = await sql<{ id: number; range_id: number }>`
    select company_id as id, id as range_id from company_scan_ranges where company_id = ${company} order by id limit 1`.execute(
    db,
  );
  return rows[0] ?? null;
}

/** Tenant tables and the column that names their company. */
export const TENANT_TABLES: Array<[string, string]> = [
  ["companies", "id"],
  ["users", "company_id"],
  ["products", "company_id"],
  ["network_assets", "company_id"],
  ["web_assets", "company_id"],
  ["source_assets", "company_id"],
  ["exposure_assets", "company_id"],
  ["network_configs", "company_id"],
  ["network_scans", "company_id"],
  ["scan_endpoints", "company_id"],
  ["source_apps", "company_id"],
  ["source_scans", "company_id"],
  ["web_apps", "company_id"],
  ["web_scans", "company_id"],
  ["exposure_configs", "company_id"],
  ["exposure_scans", "company_id"],
  ["threat_configs", "company_id"],
  ["threat_scans", "company_id"],
  ["threat_endpoints", "company_id"],
  ["threat_verdicts", "company_id"],
  ["findings", "company_id"],
  ["finding_slas", "company_id"],
  ["company_scan_ranges", "company_id"],
  ["finding_logs", "company_id"],
  ["tickets", "company_id"],
  ["ticket_messages", "company_id"],
  ["attachments", "company_id"],
  ["credit_transactions", "company_id"],
  ["payments", "company_id"],
  ["audit_events", "company_id"],
];

/** A digest of every row a company owns: equal before and after means nothing of theirs changed. */
export async function companyFingerprint(db: Db, id: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [table, column] of TENANT_TABLES) {
    const row = await sql<{ digest: string }>`
      select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
        from ${sql.table(table)} t where ${sql.ref(column)} = ${id}`.execute(db);
    out[table] = row.rows[0]?.digest ?? "";
  }
  return out;
}
