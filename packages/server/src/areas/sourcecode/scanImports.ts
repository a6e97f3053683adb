import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, nonField } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { formatLabels, sniffFormat } from "../../scanning/formats/index.ts";
import type { ReportFormat } from "../../scanning/report.ts";
import type { SourceScanWire } from "./queries.ts";
import { branchOf, lockedApp, type SourceScanJob, sourceScanById } from "./scanRuns.ts";

/** The formats a source code application takes: static analysers' and dependency scanners' reports. */
export const SOURCE_FORMATS: readonly ReportFormat[] = ["sarif", "trivy-json"];

const WHAT_TO_UPLOAD = "Upload a SARIF 2.1.0 report (CodeQL, Semgrep, gitleaks, Trivy) or Trivy JSON.";

/**
 * The form's `file` and optional `branch`. A file over the server's body limit is refused by the
 * multipart reader before it is held whole.
 */
export async function readSourceUpload(
  request: FastifyRequest,
  limit: number,
): Promise<{ report: Buffer; branch: string | undefined }> {
  if (!request.isMultipart()) throw nonField("Send the report as multipart/form-data, in a field named file.");
  let report: Buffer | null = null;
  let branch: string | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 5 } })) {
      if (part.type === "file") {
        if (part.fieldname !== "file") throw fieldError(part.fieldname, "The report goes in a field named file.");
        report = await part.toBuffer();
      } else if (part.fieldname === "branch") {
        branch = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw fieldError("file", `The report is larger than this server accepts (${Math.floor(limit / 1024 ** 2)} MB).`);
    }
    throw error;
  }
  if (!report) throw fieldError("file", "No file was submitted.");
  if (report.length === 0) throw fieldError("file", "The submitted file is empty.");
  if (branch !== undefined && (branch.trim() === "" || branch.length > 255)) {
    throw fieldError("branch", "Name one of the repository's branches, or leave the field out.");
  }
  return { report, branch };
}

/**
 * Takes a report in as a scan of one branch: the raw report (content-addressed, as engine reports
 * are), the queued scan and the job that reads it, in one transaction. An import costs nothing.
 */
export async function importSourceReport(
  tx: Tx,
  { caller, requestId }: { caller: Caller; requestId: string },
  jobs: JobQueue,
  appId: number,
  company: number | null,
  upload: { report: Buffer; branch: string | undefined },
): Promise<SourceScanWire> {
  const app = await lockedApp(tx, appId, company);
  refuseMember(caller, "scans");
  const branch = branchOf(app, upload.branch);
  const { report } = upload;

  const format = sniffFormat(report.subarray(0, 4096).toString("utf8"));
  if (!format) throw fieldError("file", `This file is not a report Sentinel reads. ${WHAT_TO_UPLOAD}`);
  if (!SOURCE_FORMATS.includes(format)) {
    throw fieldError(
      "file",
      `This is a ${formatLabels[format]} report, which a source code application does not take. ${WHAT_TO_UPLOAD}`,
    );
  }

  const sha256 = createHash("sha256").update(report).digest("hex");
  await sql`insert into scan_reports (company_id, sha256, format, size, content)
            values (${app.company_id}, ${sha256}, ${format}, ${report.length}, ${report})
            on conflict do nothing`.execute(tx);
  const scan = (
    await sql<{ id: number }>`
      insert into source_scans (company_id, app_id, branch, status, price, scanned_by, report_sha256)
      values (${app.company_id}, ${appId}, ${branch}, 'QUEUED', 0, ${caller.id}, ${sha256})
      returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not inserted.");
  const job: SourceScanJob = { scanId: scan.id, companyId: app.company_id, report: { sha256, format } };
  await jobs.sendInTx(tx, QUEUES.sourceScan, job, {
    retryLimit: 3,
    expireInSeconds: 3600,
    deadLetter: QUEUES.deadSourceScan,
  });
  await audit(tx, {
    companyId: app.company_id,
    actorId: caller.id,
    action: "sourcecode_scan.import",
    entity: "source_scan",
    entityId: scan.id,
    before: null,
    after: { application: appId, branch, format, sha256, size: report.length },
    requestId,
  });
  return await sourceScanById(tx, scan.id);
}
