import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import { type Db, withScope } from "../../db/pool.ts";
import { fieldError } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { registerSourceApp, type SourceAppWire, sourceAppById } from "./queries.ts";
import { sendSourceScanJob } from "./scanRuns.ts";
import { detailCompany } from "./summaries.ts";

/** Static mode's messages (DRF's for an unknown primary key), so forms show the same field errors. */
const REFUSAL = {
  // Another company's asset reads as one that does not exist: its id tells a client nothing.
  missing: (asset: number) => `Invalid pk "${asset}" - object does not exist.`,
  registered: () => "This repository is already registered.",
  provider: () => "Only GitHub repositories can be scanned for now.",
} as const;

/**
 * Registers a repository asset for scanning: the app, its first queued scan, that scan's job and the
 * audit row in one transaction, so a failure leaves none of them. The first scan is free (price 0),
 * as it always was; the worker checks the repository's scope when it runs it, as for any scan.
 */
export async function createSourceApp(
  db: Db,
  { jobs, scanning }: { jobs: JobQueue; scanning: ScanningConfig },
  caller: Caller,
  assetId: number,
  requestId: string,
): Promise<SourceAppWire> {
  return await withScope(db, caller.scope, async (tx) => {
    const outcome = await registerSourceApp(tx, assetId, detailCompany(caller.scope));
    if (outcome.refusal || outcome.appId === null) {
      throw fieldError("asset", REFUSAL[outcome.refusal ?? "registered"](assetId));
    }
    if (outcome.scanId === null || outcome.companyId === null) {
      throw new Error("the registered application has no first scan");
    }
    await sendSourceScanJob(tx, scanning, jobs, { scanId: outcome.scanId, companyId: outcome.companyId });
    await audit(tx, {
      companyId: outcome.companyId,
      actorId: caller.id,
      action: "sourcecode_application.create",
      entity: "source_app",
      entityId: outcome.appId,
      before: null,
      after: { asset_id: assetId, scan_id: outcome.scanId, branch: outcome.branch, status: "QUEUED" },
      requestId,
    });
    const app = await sourceAppById(tx, outcome.appId, null);
    if (!app) throw new Error("the registered application is not readable in its own transaction");
    return app;
  });
}
