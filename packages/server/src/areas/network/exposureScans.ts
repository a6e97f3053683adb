import { createHash } from "node:crypto";
import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { conflict, fieldError, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { formatLabels, sniffFormat } from "../../scanning/formats/index.ts";
import type { ReportFormat } from "../../scanning/report.ts";
import { balanceOf, lockCompanyCredits } from "../threat/credits.ts";
import { operatorOf } from "./scanRuns.ts";
import { companyIs, scannedBy } from "./sql.ts";

/**
 * What one exposure detection scan costs: the spec lists exposure detection as a spending service
 * and prices scans at 10 credits an endpoint; a scan covers one domain, so it is priced as one
 * endpoint, in the area's own credit type.
 */
export const EXPOSURE_SCAN_PRICE = 10;

/** The formats an exposure configuration takes: hosts with names (nmap) and DNS records (dnsrecon). */
export const EXPOSURE_FORMATS: readonly ReportFormat[] = ["nmap-xml", "dnsrecon-json"];

export interface ExposureScanJob {
  scanId: number;
  companyId: number;
}

export interface ExposureImportJob extends ExposureScanJob {
  sha256: string;
  format: ReportFormat;
}

interface Actor {
  caller: Caller;
  requestId: string;
}

/** The contract's ExposureDetectionScan. */
export async function exposureScanById(tx: Tx, scanId: number) {
  return (
    await sql<Record<string, unknown>>`
      select s.id, s.start_scan, s.end_scan, s.status, ${scannedBy("s.scanned_by")} as scanned_by,
             s.failure_reason, s.progress, s.zone_transfer_servers
      from exposure_scans s where s.id = ${scanId}`.execute(tx)
  ).rows[0];
}

export async function lockedConfig(tx: Tx, configId: number, company: number | null) {
  return (
    await sql<{ company_id: number; domain: string; target_id: number }>`
      select c.company_id, a.target_name as domain, a.target_id
      from exposure_configs c join exposure_assets a on a.id = c.asset_id
      where c.id = ${configId} and ${companyIs("c.company_id", company)}
      for update of c`.execute(tx)
  ).rows[0];
}

/**
 * Queues a scan of a configuration's domain now: the scan, the debit of its price and the job that
 * runs it in one transaction, so a scan is never queued unpaid, nor paid and never run.
 */
export async function runExposureScan(
  tx: Tx,
  { caller, requestId }: Actor,
  scanning: ScanningConfig,
  jobs: JobQueue,
  configId: number,
  company: number | null,
) {
  const config = await lockedConfig(tx, configId, company);
  if (!config) throw notFound();
  refuseMember(caller, "scans");
  const scanId = await queueExposureScan(tx, scanning, jobs, {
    config,
    configId,
    pendingScanId: null,
    scannedBy: caller.id,
    operator: operatorOf(caller),
  });
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "exposure_scan.run",
    entity: "exposure_scan",
    entityId: scanId,
    before: null,
    after: { config: configId, domain: config.domain, price: EXPOSURE_SCAN_PRICE },
    requestId,
  });
  return (await exposureScanById(tx, scanId)) ?? Promise.reject(notFound());
}

/**
 * The checks and writes an exposure scan goes through to be queued, whoever asks: a user's "Run now",
 * or the scheduler when a PENDING scan's time comes (`pendingScanId`, which then becomes the queued
 * scan). A refusal throws before anything is written. Returns the queued scan's id.
 */
export async function queueExposureScan(
  tx: Tx,
  scanning: ScanningConfig,
  jobs: JobQueue,
  {
    config,
    configId,
    pendingScanId,
    scannedBy,
    operator,
  }: {
    config: { company_id: number; domain: string; target_id: number };
    configId: number;
    pendingScanId: number | null;
    scannedBy: number | null;
    operator: ReturnType<typeof operatorOf> | string;
  },
): Promise<number> {
  const active = await sql`select 1 from exposure_scans
                           where config_id = ${configId} and status in ('QUEUED', 'RUNNING')`.execute(tx);
  if (active.rows.length > 0) {
    throw conflict({ detail: "A scan of this configuration is already queued or running. Wait for it, or abort it." });
  }

  await lockCompanyCredits(tx, config.company_id);
  const balance = await balanceOf(tx, config.company_id, "EXPOSUREDETECTION");
  if (balance < EXPOSURE_SCAN_PRICE) {
    throw nonField(
      `This scan costs ${EXPOSURE_SCAN_PRICE} exposure detection credits and the balance is ${balance}. Top up credits first.`,
    );
  }
  const scan = (
    pendingScanId === null
      ? await sql<{ id: number }>`
          insert into exposure_scans (company_id, config_id, status, scanned_by, price)
          values (${config.company_id}, ${configId}, 'QUEUED', ${scannedBy}, ${EXPOSURE_SCAN_PRICE})
          returning id`.execute(tx)
      : await sql<{ id: number }>`
          update exposure_scans set status = 'QUEUED', price = ${EXPOSURE_SCAN_PRICE}
          where id = ${pendingScanId} and status = 'PENDING' returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not queued.");
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
            values (${config.company_id}, ${-EXPOSURE_SCAN_PRICE}, 'EXPOSUREDETECTION', 'SPENDING', ${operator},
                    ${JSON.stringify({ kind: "EXPOSURE_DETECTION", id: configId, scan_id: scan.id, target_id: config.target_id, label: config.domain })}::jsonb)`.execute(
    tx,
  );
  const job: ExposureScanJob = { scanId: scan.id, companyId: config.company_id };
  await jobs.sendInTx(tx, QUEUES.exposureScan, job, {
    group: { id: String(config.company_id) },
    // dnsrecon, then nmap over a handful of addresses: room for several engine runs.
    expireInSeconds: 4 * scanning.engineTimeoutSeconds + 60,
    heartbeatSeconds: scanning.jobHeartbeatSeconds,
    retryLimit: 3,
    // When every retry has failed, the scan is ended as FAILED and refunded (failAbandonedExposureScan).
    deadLetter: QUEUES.deadExposureScan,
  });
  return scan.id;
}

/**
 * Refunds a scan that did not complete its price, once: a scan already refunded has a REFUND row
 * naming it, and the caller holds the scan's row.
 */
export async function refundExposureScan(tx: Tx, scanId: number, operator: ReturnType<typeof operatorOf> | string) {
  await sql`
    insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
    select s.company_id, s.price, 'EXPOSUREDETECTION', 'REFUND', ${operator},
           jsonb_build_object('kind', 'EXPOSURE_DETECTION', 'id', s.config_id, 'scan_id', s.id,
                              'target_id', a.target_id, 'label', a.target_name)
    from exposure_scans s
    join exposure_configs c on c.id = s.config_id join exposure_assets a on a.id = c.asset_id
    where s.id = ${scanId} and s.price > 0 and s.status in ('FAILED', 'ABORTED')
      and not exists (select 1 from credit_transactions r
                      where r.transaction_action = 'REFUND' and r.transaction_type = 'EXPOSUREDETECTION'
                        and (r.reference ->> 'scan_id')::int = s.id)`.execute(tx);
}

/** Stops a scan that has not ended (the worker sees it and kills its engines) and refunds it. */
export async function abortExposureScan(
  tx: Tx,
  { caller, requestId }: Actor,
  ids: { configId: number; scanId: number },
  company: number | null,
) {
  const scan = (
    await sql<{ company_id: number; status: string }>`
      select s.company_id, s.status from exposure_scans s join exposure_configs c on c.id = s.config_id
      where s.id = ${ids.scanId} and c.id = ${ids.configId} and ${companyIs("c.company_id", company)}
      for update of s`.execute(tx)
  ).rows[0];
  if (!scan) throw notFound();
  refuseMember(caller, "scans");
  if (!["PENDING", "QUEUED", "RUNNING"].includes(scan.status)) {
    throw conflict({
      detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
    });
  }
  await sql`update exposure_scans set status = 'ABORTED', end_scan = now(),
                                      failure_reason = ${`Aborted by ${caller.email}.`}
            where id = ${ids.scanId}`.execute(tx);
  await refundExposureScan(tx, ids.scanId, operatorOf(caller));
  await audit(tx, {
    companyId: scan.company_id,
    actorId: caller.id,
    action: "exposure_scan.abort",
    entity: "exposure_scan",
    entityId: ids.scanId,
    before: { status: scan.status },
    after: { status: "ABORTED" },
    requestId,
  });
  return (await exposureScanById(tx, ids.scanId)) ?? Promise.reject(notFound());
}

/** Whether the configuration exists for the caller (read before an upload is taken in). */
export async function exposureConfigExists(tx: Tx, configId: number, company: number | null) {
  const rows = await sql`select 1 from exposure_configs c
                         where c.id = ${configId} and ${companyIs("c.company_id", company)}`.execute(tx);
  return rows.rows.length > 0;
}

/** Takes a report in as a scan of a configuration: the raw report, the scan and its job, in one transaction. */
export async function importExposureReport(
  tx: Tx,
  { caller, requestId }: Actor,
  jobs: JobQueue,
  configId: number,
  company: number | null,
  report: Buffer,
) {
  const config = await lockedConfig(tx, configId, company);
  if (!config) throw notFound();
  refuseMember(caller, "scans");
  const format = sniffFormat(report.subarray(0, 4096).toString("utf8"));
  if (!format) {
    throw fieldError("file", "This file is not a report Sentinel reads. Upload nmap XML or a dnsrecon JSON report.");
  }
  if (!EXPOSURE_FORMATS.includes(format)) {
    throw fieldError(
      "file",
      `This is a ${formatLabels[format]} report, which an exposure detection configuration does not take. Upload nmap XML or a dnsrecon JSON report.`,
    );
  }
  const sha256 = createHash("sha256").update(report).digest("hex");
  await sql`insert into scan_reports (company_id, sha256, format, size, content)
            values (${config.company_id}, ${sha256}, ${format}, ${report.length}, ${report})
            on conflict do nothing`.execute(tx);
  const scan = (
    await sql<{ id: number }>`
      insert into exposure_scans (company_id, config_id, status, scanned_by, price)
      values (${config.company_id}, ${configId}, 'QUEUED', ${caller.id}, 0)
      returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not inserted.");
  const job: ExposureImportJob = { scanId: scan.id, companyId: config.company_id, sha256, format };
  await jobs.sendInTx(tx, QUEUES.exposureImport, job, {
    retryLimit: 3,
    expireInSeconds: 3600,
    // An import whose job failed every retry would stay QUEUED or RUNNING: it is ended FAILED the same way.
    deadLetter: QUEUES.deadExposureScan,
  });
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "exposure_scan.import",
    entity: "exposure_scan",
    entityId: scan.id,
    before: null,
    after: { config: configId, format, sha256, size: report.length },
    requestId,
  });
  return (await exposureScanById(tx, scan.id)) ?? Promise.reject(notFound());
}
