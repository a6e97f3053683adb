import { sql } from "kysely";
import type { Tx } from "./pool.ts";

export interface AuditEntry {
  companyId: number | null;
  actorId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
}

/** One audit row, in the transaction of the change it records. */
export async function audit(tx: Tx, e: AuditEntry): Promise<void> {
  await sql`insert into audit_events (company_id, actor_id, action, entity, entity_id, before, after, request_id)
            values (${e.companyId}, ${e.actorId}, ${e.action}, ${e.entity}, ${e.entityId},
                    ${e.before === null ? null : JSON.stringify(e.before)}::jsonb, ${e.after === null ? null : JSON.stringify(e.after)}::jsonb, ${e.requestId})`.execute(
    tx,
  );
}
