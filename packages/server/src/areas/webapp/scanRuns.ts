import { CREDIT_PRICE } from "@sentinel/api-client/mocks/labels";
import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { conflict, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import type { ReportFormat } from "../../scanning/report.ts";
import { widenedRanges } from "../../scanning/scope.ts";
import { webOutOfScope } from "../../scanning/webScope.ts";
import { operatorOf } from "../network/scanRuns.ts";
import { companyIs } from "../network/sql.ts";
import { webScanById } from "../sourcecode/webQueries.ts";
import { balanceOf, lockCompanyCredits } from "../threat/credits.ts";

/** Spec §9: a web application scan costs the unit price (10 APPLICATIONVA credits) per application. */
export const CREDITS_PER_APPLICATION = CREDIT_PRICE;

/** A web scan's job: an engine run, or the reading of an uploaded report when `report` is set. */
export interface WebScanJob {
  scanId: number;
  companyId: number;
  report?: { sha256: string; format: ReportFormat };
}

export interface Actor {
  caller: Caller;
  requestId: string;
}

/** The application, held for the rest of the transaction (two runs at once queue one scan). */
export async function lockApplication(tx: Tx, appId: number, company: number | null) {
  return (
    await sql<{ company_id: number; url: string; name: string }>`
      select a.company_id, w.url, w.application_name as name
      from web_apps a join web_assets w on w.id = a.asset_id
      where a.id = ${appId} and ${companyIs("a.company_id", company)}
      for update of a`.execute(tx)
  ).rows[0];
}

/** Whether the application has a scan that has not ended: one at a time per application. */
export async function refuseActiveScan(tx: Tx, appId: number) {
  const active = await sql`select 1 from web_scans
                           where app_id = ${appId} and status in ('QUEUED', 'RUNNING')`.execute(tx);
  if (active.rows.length > 0) {
    throw conflict({ detail: "A scan of this application is already queued or running. Wait for it, or abort it." });
  }
}

export const webJobOptions = (scanning: ScanningConfig, companyId: number) => ({
  group: { id: String(companyId) },
  // Long enough for the engine's own limit and the store, so a slow scan is not taken for a dead worker.
  expireInSeconds: scanning.engineTimeoutSeconds + 180,
  // A worker that dies mid-scan stops beating: the job is retried, and the scan runs again.
  heartbeatSeconds: scanning.jobHeartbeatSeconds,
  retryLimit: 3,
  // When every retry has failed, the scan is ended and refunded rather than left running.
  deadLetter: QUEUES.deadWebScan,
});

/**
 * Queues a scan of a web application, now: the scan, the debit of its price and the job that runs
 * it are written in one transaction, under the company-row lock every spending takes.
 */
export async function runWebScan(
  tx: Tx,
  { caller, requestId }: Actor,
  scanning: ScanningConfig,
  jobs: JobQueue,
  appId: number,
  company: number | null,
) {
  const app = await lockApplication(tx, appId, company);
  if (!app) throw notFound();
  refuseMember(caller, "scans");
  const { scanId, price } = await queueWebScan(tx, scanning, jobs, {
    app,
    appId,
    pendingScanId: null,
    scannedBy: caller.id,
    operator: operatorOf(caller),
  });
  await audit(tx, {
    companyId: app.company_id,
    actorId: caller.id,
    action: "web_scan.run",
    entity: "web_scan",
    entityId: scanId,
    before: null,
    after: { application: appId, price },
    requestId,
  });
  return (await webScanById(tx, scanId, null)) ?? Promise.reject(notFound());
}

/**
 * The checks and writes a web scan goes through to be queued, whoever asks: a user's "Run now", or the
 * scheduler when a PENDING scan's time comes (`pendingScanId`, which then becomes the queued scan).
 * A refusal throws before anything is written.
 */
export async function queueWebScan(
  tx: Tx,
  scanning: ScanningConfig,
  jobs: JobQueue,
  {
    app,
    appId,
    pendingScanId,
    scannedBy,
    operator,
  }: {
    app: { company_id: number; url: string; name: string };
    appId: number;
    pendingScanId: number | null;
    scannedBy: number | null;
    operator: ReturnType<typeof operatorOf> | string;
  },
) {
  await refuseActiveScan(tx, appId);
  const refused = webOutOfScope(app.url, scanning, await widenedRanges(tx, app.company_id));
  if (refused) throw nonField(refused);

  await lockCompanyCredits(tx, app.company_id);
  const price = CREDITS_PER_APPLICATION;
  const balance = await balanceOf(tx, app.company_id, "APPLICATIONVA");
  if (balance < price) {
    throw nonField(
      `This scan costs ${price} web application credits and the balance is ${balance}. Top up credits first.`,
    );
  }
  const scan = (
    pendingScanId === null
      ? await sql<{ id: number }>`
          insert into web_scans (company_id, app_id, status, scanned_by, price)
          values (${app.company_id}, ${appId}, 'QUEUED', ${scannedBy}, ${price})
          returning id`.execute(tx)
      : await sql<{ id: number }>`
          update web_scans set status = 'QUEUED', price = ${price}
          where id = ${pendingScanId} and status = 'PENDING' returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not queued.");
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
            values (${app.company_id}, ${-price}, 'APPLICATIONVA', 'SPENDING', ${operator},
                    ${JSON.stringify({ kind: "APPLICATION_VA", id: appId, scan_id: scan.id, target_id: null, label: app.name })}::jsonb)`.execute(
    tx,
  );
  const job: WebScanJob = { scanId: scan.id, companyId: app.company_id };
  await jobs.sendInTx(tx, QUEUES.webScan, job, webJobOptions(scanning, app.company_id));
  return { scanId: scan.id, price };
}

/**
 * Refunds a web scan that ended without results (FAILED or ABORTED): its whole price, as one REFUND
 * row naming the scan, written once.
 */
export async function refundWebScan(tx: Tx, scanId: number, operator: ReturnType<typeof operatorOf> | string) {
  await sql`
    insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
    select s.company_id, s.price, 'APPLICATIONVA', 'REFUND', ${operator},
           jsonb_build_object('kind', 'APPLICATION_VA', 'id', s.app_id, 'scan_id', s.id, 'target_id', null,
                              'label', w.application_name)
    from web_scans s join web_apps a on a.id = s.app_id join web_assets w on w.id = a.asset_id
    where s.id = ${scanId} and s.price > 0 and s.status in ('FAILED', 'ABORTED')
      and not exists (select 1 from credit_transactions r
                      where r.transaction_action = 'REFUND' and r.transaction_type = 'APPLICATIONVA'
                        and (r.reference ->> 'scan_id')::int = s.id)`.execute(tx);
}

/** Stops a scan that has not ended: ABORTED (the worker sees it and kills its engine), and refunded. */
export async function abortWebScan(tx: Tx, { caller, requestId }: Actor, scanId: number, company: number | null) {
  const scan = (
    await sql<{ company_id: number; status: string }>`
      select s.company_id, s.status from web_scans s
      where s.id = ${scanId} and ${companyIs("s.company_id", company)}
      for update of s`.execute(tx)
  ).rows[0];
  if (!scan) throw notFound();
  refuseMember(caller, "scans");
  if (!["PENDING", "QUEUED", "RUNNING"].includes(scan.status)) {
    throw conflict({
      detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
    });
  }
  await sql`update web_scans set status = 'ABORTED', end_time = now(),
                                 failure_reason = ${`Aborted by ${caller.email}.`}
            where id = ${scanId}`.execute(tx);
  await refundWebScan(tx, scanId, operatorOf(caller));
  await audit(tx, {
    companyId: scan.company_id,
    actorId: caller.id,
    action: "web_scan.abort",
    entity: "web_scan",
    entityId: scanId,
    before: { status: scan.status },
    after: { status: "ABORTED" },
    requestId,
  });
  return (await webScanById(tx, scanId, null)) ?? Promise.reject(notFound());
}
