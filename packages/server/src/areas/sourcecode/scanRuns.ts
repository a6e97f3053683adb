import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { conflict, fieldError, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { findingChangesColumn } from "../../scanning/findingChanges.ts";
import { gitOutOfScope } from "../../scanning/gitScope.ts";
import type { ReportFormat } from "../../scanning/report.ts";
import { widenedRanges } from "../../scanning/scope.ts";
import { severitySummary } from "../../scanning/severityCounts.ts";
import { repositoryUrl } from "../network/assets.ts";
import { balanceOf, lockCompanyCredits } from "../threat/credits.ts";
import type { SourceScanWire } from "./queries.ts";
import { companyIs } from "./summaries.ts";

/** Spec §9's unit price: a scan of one branch costs 10 SOURCECODE credits, as a network endpoint does. */
export const CREDITS_PER_BRANCH = 10;

/** A source scan's job: the engines over a fresh clone, or (`report`) an imported report. */
export interface SourceScanJob {
  scanId: number;
  companyId: number;
  report?: { sha256: string; format: ReportFormat };
}

interface Actor {
  caller: Caller;
  requestId: string;
}

export const operatorOf = (caller: Caller) =>
  sql`coalesce((select first_name || ' ' || last_name from users where id = ${caller.id}), 'System')`;

/** One scan as the contract's SourceCodeScan (its list row). */
export async function sourceScanById(tx: Tx, scanId: number): Promise<SourceScanWire> {
  const row = (
    await sql<SourceScanWire>`
      select s.id, s.created_at, s.status, s.branch, ${severitySummary("s")} as total_severity, s.failure_reason,
             ${findingChangesColumn(["DONE", "FAILED"])}
      from source_scans s
      where s.id = ${scanId}`.execute(tx)
  ).rows[0];
  if (!row) throw notFound();
  return row;
}

export interface App {
  company_id: number;
  asset_id: number;
  url: string;
  branches: string[];
  label: string;
}

/** The application, held for the rest of the transaction so two runs of one branch queue one scan. */
export async function lockedApp(tx: Tx, appId: number, company: number | null): Promise<App> {
  const app = (
    await sql<App>`
      select app.company_id, a.id as asset_id, ${repositoryUrl} as url, a.branches, a.repository_name as label
      from source_apps app join source_assets a on a.id = app.asset_id
      where app.id = ${appId} and ${companyIs(sql.ref("app.company_id"), company)}
      for update of app`.execute(tx)
  ).rows[0];
  if (!app) throw notFound();
  return app;
}

/** The branch asked for, when it is one of the repository's; its first branch when none was given. */
export function branchOf(app: App, branch: string | undefined): string {
  if (branch === undefined) return app.branches[0] ?? "main";
  if (!app.branches.includes(branch)) {
    throw fieldError(
      "branch",
      `"${branch}" is not one of this repository's branches (${app.branches.join(", ") || "none"}). Add it to the repository asset first.`,
    );
  }
  return branch;
}

/**
 * Queues a scan of one branch now: the scan, the debit of its price and the job that runs it are
 * written in one transaction, so a scan is never queued unpaid, nor paid and never run. The company's
 * credit row is held while the balance is read, as every spending does.
 */
export async function runSourceScan(
  tx: Tx,
  { caller, requestId }: Actor,
  scanning: ScanningConfig,
  jobs: JobQueue,
  appId: number,
  company: number | null,
  body: { branch: string },
): Promise<SourceScanWire> {
  const app = await lockedApp(tx, appId, company);
  refuseMember(caller, "scans");
  const branch = branchOf(app, body.branch);
  const scanId = await queueSourceScan(tx, scanning, jobs, {
    app,
    appId,
    branch,
    scannedBy: caller.id,
    operator: operatorOf(caller),
  });
  await audit(tx, {
    companyId: app.company_id,
    actorId: caller.id,
    action: "sourcecode_scan.run",
    entity: "source_scan",
    entityId: scanId,
    before: null,
    after: { application: appId, branch, price: CREDITS_PER_BRANCH },
    requestId,
  });
  return await sourceScanById(tx, scanId);
}

/**
 * The checks and writes a scan of one branch goes through to be queued, whoever asks: a user's "Run
 * now", or the scheduler when the repository's booked time comes. A refusal throws before anything is
 * written. Returns the queued scan's id.
 */
export async function queueSourceScan(
  tx: Tx,
  scanning: ScanningConfig,
  jobs: JobQueue,
  {
    app,
    appId,
    branch,
    scannedBy,
    operator,
  }: {
    app: App;
    appId: number;
    branch: string;
    scannedBy: number | null;
    operator: ReturnType<typeof operatorOf> | string;
  },
): Promise<number> {
  const active = await sql`select 1 from source_scans
                           where app_id = ${appId} and branch = ${branch} and status in ('QUEUED', 'SCANNING')`.execute(
    tx,
  );
  if (active.rows.length > 0) {
    throw conflict({ detail: `A scan of ${branch} is already queued or scanning. Wait for it, or abort it.` });
  }
  const refused = gitOutOfScope(app.url, scanning, await widenedRanges(tx, app.company_id));
  if (refused) throw nonField(refused);

  await lockCompanyCredits(tx, app.company_id);
  const balance = await balanceOf(tx, app.company_id, "SOURCECODE");
  if (balance < CREDITS_PER_BRANCH) {
    throw nonField(
      `A scan of one branch costs ${CREDITS_PER_BRANCH} source code credits and the balance is ${balance}. Top up credits first.`,
    );
  }

  const scan = (
    await sql<{ id: number }>`
      insert into source_scans (company_id, app_id, branch, status, price, scanned_by)
      values (${app.company_id}, ${appId}, ${branch}, 'QUEUED', ${CREDITS_PER_BRANCH}, ${scannedBy})
      returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not inserted.");
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
            values (${app.company_id}, ${-CREDITS_PER_BRANCH}, 'SOURCECODE', 'SPENDING', ${operator},
                    ${JSON.stringify({ kind: "SOURCE_CODE_VA", id: appId, scan_id: scan.id, target_id: null, label: app.label })}::jsonb)`.execute(
    tx,
  );
  await sendSourceScanJob(tx, scanning, jobs, { scanId: scan.id, companyId: app.company_id });
  return scan.id;
}

/**
 * Queues the job that clones and scans a QUEUED scan's branch, in the caller's transaction: the scan
 * row and its job are committed together, so no queued scan is left without a worker to run it.
 */
export async function sendSourceScanJob(
  tx: Tx,
  scanning: ScanningConfig,
  jobs: JobQueue,
  job: { scanId: number; companyId: number },
): Promise<void> {
  const data: SourceScanJob = job;
  await jobs.sendInTx(tx, QUEUES.sourceScan, data, {
    group: { id: String(job.companyId) },
    // The clone and four engines, each under the engine time limit.
    expireInSeconds: 5 * scanning.engineTimeoutSeconds + 60,
    heartbeatSeconds: scanning.jobHeartbeatSeconds,
    retryLimit: 3,
    // When every retry has failed, the scan is ended as FAILED and refunded (failAbandonedSourceScan).
    deadLetter: QUEUES.deadSourceScan,
  });
}

/**
 * Refunds a scan that did not finish: its whole price, once (the scan row is held by the caller, and
 * a refunded scan has a REFUND row naming it). A scan is one clone of one branch, so there is no part
 * of it to keep paying for.
 */
export async function refundSourceScan(tx: Tx, scanId: number, operator: ReturnType<typeof operatorOf> | string) {
  await sql`
    insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
    select s.company_id, s.price, 'SOURCECODE', 'REFUND', ${operator},
           jsonb_build_object('kind', 'SOURCE_CODE_VA', 'id', s.app_id, 'scan_id', s.id, 'target_id', null,
                              'label', sa.repository_name)
    from source_scans s join source_apps a on a.id = s.app_id join source_assets sa on sa.id = a.asset_id
    where s.id = ${scanId} and s.price > 0 and s.status = 'FAILED'
      and not exists (select 1 from credit_transactions r
                      where r.transaction_action = 'REFUND' and r.transaction_type = 'SOURCECODE'
                        and (r.reference ->> 'scan_id')::int = s.id)`.execute(tx);
}

/**
 * Stops a scan that has not ended: it becomes FAILED, its reason naming who aborted it (the worker
 * sees it and kills its engines), and its price is refunded.
 */
export async function abortSourceScan(
  tx: Tx,
  { caller, requestId }: Actor,
  scanId: number,
  company: number | null,
): Promise<SourceScanWire> {
  const scan = (
    await sql<{ company_id: number; status: string }>`
      select s.company_id, s.status from source_scans s
      where s.id = ${scanId} and ${companyIs(sql.ref("s.company_id"), company)}
      for update of s`.execute(tx)
  ).rows[0];
  if (!scan) throw notFound();
  refuseMember(caller, "scans");
  if (scan.status !== "QUEUED" && scan.status !== "SCANNING") {
    throw conflict({
      detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
    });
  }
  await sql`update source_scans set status = 'FAILED', end_time = now(),
                                    failure_reason = ${`Aborted by ${caller.email}.`}
            where id = ${scanId}`.execute(tx);
  await refundSourceScan(tx, scanId, operatorOf(caller));
  await audit(tx, {
    companyId: scan.company_id,
    actorId: caller.id,
    action: "sourcecode_scan.abort",
    entity: "source_scan",
    entityId: scanId,
    before: { status: scan.status },
    after: { status: "FAILED" },
    requestId,
  });
  return await sourceScanById(tx, scanId);
}
