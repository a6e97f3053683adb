import type { components } from "../../generated/schema.ts";
import { iso, now } from "../clock.ts";
import { newId } from "../db.ts";
import type { Db, DbFinding, DbFindingLog } from "../db-types.ts";
import { memberRefusal } from "../memberRights.ts";
import type { ErrorBody, FindingStatus } from "../schema-types.ts";
import { FINDING_STATUS_LABEL, FINDING_STATUSES } from "../schema-types.ts";
import { finding as findingBody } from "../serialize.ts";
import { type ErrorReply, reply, type Viewer } from "../typed.ts";
import { choiceError, oneOf, requireFields } from "../validate.ts";

type VersionConflict = components["schemas"]["FindingVersionConflict"];

/**
 * Writes one status change: the log entry (with the batch, for bulk changes and undos), the new
 * status, and the next version. Every status change goes through here, so the version can never
 * fall behind the log.
 */
export function writeFindingStatus(
  finding: DbFinding,
  status: FindingStatus,
  message: string,
  actorId: number,
  batch: Pick<DbFindingLog, "batch_id" | "undoes"> = {},
): void {
  finding.log.push({
    id: newId("findingLogs"),
    old_status: finding.status,
    new_status: status,
    message,
    modified_by: actorId,
    created_at: iso(now()),
    ...batch,
  });
  finding.status = status;
  finding.version += 1;
}

/** The 409 of a stale `version`: nothing changed, and the finding as it is now. */
export function versionConflict(db: Db, finding: DbFinding): ErrorReply {
  const body: VersionConflict = {
    detail: "This finding was changed by someone else since you loaded it. Review its current status.",
    code: "version_conflict",
    current: findingBody(db, finding),
  };
  // The conflict body is its own schema, not ErrorBody; the reply helper only fixes the status.
  return reply.error(409, body as unknown as ErrorBody);
}

/**
 * Changes a finding's status and appends the change to its log (spec §4). The spec shows only
 * ACTIVE↔FIXING; every change to a different status is allowed, a no-op change is a 400. A `version`
 * other than the finding's answers 409 (issue 16); without one the change is not checked, so clients
 * written before versions existed keep working.
 */
export function changeFindingStatus(
  db: Db,
  finding: DbFinding,
  body: Partial<components["schemas"]["FindingStatusUpdate"]> | null,
  viewer: Viewer,
): ErrorReply | null {
  const refused = memberRefusal(viewer, "triage");
  if (refused) return refused;
  const invalid = requireFields(body, ["status", "message"]);
  if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
  if (!oneOf(body.status, FINDING_STATUSES)) return reply.field("status", choiceError(body.status));
  if (body.version !== undefined) {
    if (typeof body.version !== "number" || !Number.isInteger(body.version) || body.version < 1) {
      return reply.field("version", "A valid integer is required.");
    }
    if (body.version !== finding.version) return versionConflict(db, finding);
  }
  if (body.status === finding.status) {
    return reply.field("status", `The finding is already ${FINDING_STATUS_LABEL[finding.status]}.`);
  }
  writeFindingStatus(finding, body.status, String(body.message), viewer.user.id);
  return null;
}
