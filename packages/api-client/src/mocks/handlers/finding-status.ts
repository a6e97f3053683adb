import type { components } from "../../generated/schema.ts";
import { iso, now } from "../clock.ts";
import { newId } from "../db.ts";
import type { Db, DbFinding } from "../db-types.ts";
import { FINDING_STATUS_LABEL, FINDING_STATUSES } from "../schema-types.ts";
import { type ErrorReply, reply, type Viewer } from "../typed.ts";
import { choiceError, oneOf, requireFields } from "../validate.ts";

/**
 * Changes a finding's status and appends the change to its log (spec §4). The spec shows only
 * ACTIVE↔FIXING; every change to a different status is allowed, a no-op change is a 400.
 */
export function changeFindingStatus(
  _db: Db,
  finding: DbFinding,
  body: Partial<components["schemas"]["FindingStatusUpdate"]> | null,
  viewer: Viewer,
): ErrorReply | null {
  const invalid = requireFields(body, ["status", "message"]);
  if (invalid || !body) return invalid ?? reply.nonField("Invalid data.");
  if (!oneOf(body.status, FINDING_STATUSES)) return reply.field("status", choiceError(body.status));
  if (body.status === finding.status) {
    return reply.field("status", `The finding is already ${FINDING_STATUS_LABEL[finding.status]}.`);
  }
  finding.log.push({
    id: newId("findingLogs"),
    old_status: finding.status,
    new_status: body.status,
    message: String(body.message),
    modified_by: viewer.user.id,
    created_at: iso(now()),
  });
  finding.status = body.status;
  return null;
}
