import { createHash } from "node:crypto";
import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { formatLabels, sniffFormat } from "../../scanning/formats/index.ts";
import type { ReportFormat } from "../../scanning/report.ts";
import { webScanById } from "../sourcecode/webQueries.ts";
import { type Actor, lockApplication, refuseActiveScan, type WebScanJob, webJobOptions } from "./scanRuns.ts";

/** The formats a web application takes: reports of web scanners. */
export const WEB_FORMATS: readonly ReportFormat[] = ["zap-json", "sarif", "wapiti-json"];
const TAKES = "Upload a ZAP JSON, SARIF 2.1.0 or Wapiti JSON report.";

/**
 * Takes a report in as a scan of a web application: the raw report (kept content-addressed, as
 * engine reports are), the scan and the job that reads it, in one transaction. An import costs
 * nothing. One scan at a time per application, imports included, so findings are matched in order.
 */
export async function importWebReport(
  tx: Tx,
  { caller, requestId }: Actor,
  scanning: ScanningConfig,
  jobs: JobQueue,
  appId: number,
  company: number | null,
  report: Buffer,
) {
  const app = await lockApplication(tx, appId, company);
  if (!app) throw notFound();
  refuseMember(caller, "scans");

  const format = sniffFormat(report.subarray(0, 4096).toString("utf8"));
  if (!format) throw fieldError("file", `This file is not a report Sentinel reads. ${TAKES}`);
  if (!WEB_FORMATS.includes(format)) {
    throw fieldError(
      "file",
      `This is a ${formatLabels[format]} report, which a web application does not take. ${TAKES}`,
    );
  }
  await refuseActiveScan(tx, appId);

  const sha256 = createHash("sha256").update(report).digest("hex");
  await sql`insert into scan_reports (company_id, sha256, format, size, content)
            values (${app.company_id}, ${sha256}, ${format}, ${report.length}, ${report})
            on conflict do nothing`.execute(tx);
  const scan = (
    await sql<{ id: number }>`
      insert into web_scans (company_id, app_id, status, scanned_by, price)
      values (${app.company_id}, ${appId}, 'QUEUED', ${caller.id}, 0)
      returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not inserted.");
  const job: WebScanJob = { scanId: scan.id, companyId: app.company_id, report: { sha256, format } };
  await jobs.sendInTx(tx, QUEUES.webScan, job, webJobOptions(scanning, app.company_id));
  await audit(tx, {
    companyId: app.company_id,
    actorId: caller.id,
    action: "web_scan.import",
    entity: "web_scan",
    entityId: scan.id,
    before: null,
    after: { application: appId, format, sha256, size: report.length },
    requestId,
  });
  return (await webScanById(tx, scan.id, null)) ?? Promise.reject(notFound());
}
