import { audit } from "../../db/audit.ts";
import { type Db, withScope } from "../../db/pool.ts";
import { fieldError } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { registerSourceApp, type SourceAppWire, sourceAppById } from "./queries.ts";
import { detailCompany } from "./summaries.ts";

/** Static mode's messages (DRF's for an unknown primary key), so forms show the same field errors. */
const REFUSAL = {
  // Another company's asset reads as one that does not exist: its id tells a client nothing.
  missing: (asset: number) => `Invalid pk "${asset}" - object does not exist.`,
  registered: () => "This repository is already registered.",
  provider: () => "Only GitHub repositories can be scanned for now.",
} as const;

/**
 * Registers a repository asset for scanning: the app, its first queued scan and the audit row in one
 * transaction, so a failure leaves none of them.
 */
export async function createSourceApp(
  db: Db,
  caller: Caller,
  assetId: number,
  requestId: string,
): Promise<SourceAppWire> {
  return await withScope(db, caller.scope, async (tx) => {
    const outcome = await registerSourceApp(tx, assetId, detailCompany(caller.scope));
    if (outcome.refusal || outcome.appId === null) {
      throw fieldError("asset", REFUSAL[outcome.refusal ?? "registered"](assetId));
    }
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
