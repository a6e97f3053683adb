import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { formatLabels, sniffFormat } from "../../scanning/formats/index.ts";
import type { ReportFormat } from "../../scanning/report.ts";
import { scanById } from "./networkva.ts";
import { companyIs } from "./sql.ts";

/** The formats a network configuration takes: host-and-port reports. */
export const NETWORK_FORMATS: readonly ReportFormat[] = [
  "nmap-xml",
  "greenbone-xml",
  "nessus",
  "ssh-audit-text",
  "sslscan-xml",
];
const NETWORK_UPLOAD =
  "Upload nmap XML, Greenbone/OpenVAS XML, a Nessus (.nessus) report, ssh-audit's text output or sslscan XML.";

export interface ReportImportJob {
  scanId: number;
  companyId: number;
  sha256: string;
  format: ReportFormat;
}

/**
 * The uploaded report's bytes (the form's one `file`). A file over the server's body limit is refused
 * by the multipart reader before it is held whole.
 */
export async function readReportUpload(request: FastifyRequest, limit: number): Promise<Buffer> {
  if (!request.isMultipart()) throw nonField("Send the report as multipart/form-data, in a field named file.");
  let report: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 5 } })) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file") throw fieldError(part.fieldname, "The report goes in a field named file.");
      report = await part.toBuffer();
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw fieldError("file", `The report is larger than this server accepts (${Math.floor(limit / 1024 ** 2)} MB).`);
    }
    throw error;
  }
  if (!report) throw fieldError("file", "No file was submitted.");
  if (report.length === 0) throw fieldError("file", "The submitted file is empty.");
  return report;
}

/**
 * Takes a report in as a scan of a configuration: the raw report (kept content-addressed, as engine
 * reports are), the scan and its endpoints, and the job that reads it, in one transaction.
 */
export async function importNetworkReport(
  tx: Tx,
  { caller, requestId }: { caller: Caller; requestId: string },
  jobs: JobQueue,
  configId: number,
  company: number | null,
  report: Buffer,
) {
  const config = (
    await sql<{ company_id: number; schedulle_type: string }>`
      select c.company_id, c.schedulle_type from network_configs c
      where c.id = ${configId} and ${companyIs("c.company_id", company)} for update of c`.execute(tx)
  ).rows[0];
  if (!config) throw notFound();
  refuseMember(caller, "scans");

  const format = sniffFormat(report.subarray(0, 4096).toString("utf8"));
  if (!format) {
    throw fieldError("file", `This file is not a report Sentinel reads. ${NETWORK_UPLOAD}`);
  }
  if (!NETWORK_FORMATS.includes(format)) {
    throw fieldError(
      "file",
      `This is a ${formatLabels[format]} report, which a network configuration does not take. ${NETWORK_UPLOAD}`,
    );
  }

  const sha256 = createHash("sha256").update(report).digest("hex");
  await sql`insert into scan_reports (company_id, sha256, format, size, content)
            values (${config.company_id}, ${sha256}, ${format}, ${report.length}, ${report})
            on conflict do nothing`.execute(tx);
  const scan = (
    await sql<{ id: number }>`
      insert into network_scans (company_id, config_id, status, scan_time_id, scan_time_schedulle, schedulle_type,
                                 scanned_by, price)
      values (${config.company_id}, ${configId}, 'QUEUED',
              (select coalesce(max(scan_time_id), 0) + 1 from network_scans where config_id = ${configId}),
              now(), ${config.schedulle_type}, ${caller.id}, 0)
      returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not inserted.");
  await sql`insert into scan_endpoints (company_id, scan_id, endpoint_id, status)
            select distinct ${config.company_id}::int, ${scan.id}::int, t.endpoint_id, 'QUEUED'
            from network_targets t join network_endpoints e on e.id = t.endpoint_id
            join network_assets a on a.id = e.asset_id
            where t.config_id = ${configId} and a.archived_at is null`.execute(tx);
  const job: ReportImportJob = { scanId: scan.id, companyId: config.company_id, sha256, format };
  await jobs.sendInTx(tx, QUEUES.reportImport, job, { retryLimit: 3, expireInSeconds: 3600 });
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "network_scan.import",
    entity: "network_scan",
    entityId: scan.id,
    before: null,
    after: { config: configId, format, sha256, size: report.length },
    requestId,
  });
  return (await scanById(tx, scan.id)) ?? Promise.reject(notFound());
}
