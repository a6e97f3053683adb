import { alreadyInScope, SCOPE_ADMINS_AND_STAFF, SCOPE_SUPER_ADMIN_ONLY } from "@sentinel/api-client/scan-ranges";
import type { components } from "@sentinel/api-client/schema";
import { sql } from "kysely";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { fieldError, forbidden, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { checkWidenedRange } from "../../scanning/scope.ts";

type ScanRange = components["schemas"]["CompanyScanRange"];

/** The company, if the caller may see it (row-level security hides the others), else 404. */
async function visibleCompany(tx: Tx, id: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from companies where id = ${id}`.execute(tx);
  if (!rows[0]) throw notFound();
  return rows[0].id;
}

/** Only a super admin widens or narrows a company's scope (docs/decisions.md, "Company scan scope"). */
function mayChange(caller: Caller) {
  if (caller.role !== "SUPER_ADMIN") throw forbidden(SCOPE_SUPER_ADMIN_ONLY);
}

const columns = sql`id, company_id as company, range::text as range, note, added_by, added_by_name,
                    to_json(added_at)#>>'{}' as added_at`;

/** Staff read any company's widened ranges, a client admin their own; members 403. */
export async function listScanRanges(tx: Tx, caller: Caller, companyId: number): Promise<ScanRange[]> {
  const company = await visibleCompany(tx, companyId);
  if (caller.role === "CLIENT") throw forbidden(SCOPE_ADMINS_AND_STAFF);
  const { rows } = await sql<ScanRange>`
    select ${columns} from company_scan_ranges where company_id = ${company} order by added_at, id`.execute(tx);
  return rows;
}

export async function addScanRange(
  tx: Tx,
  caller: Caller,
  companyId: number,
  body: { range: string; note?: string },
  requestId: string,
): Promise<ScanRange> {
  const company = await visibleCompany(tx, companyId);
  mayChange(caller);
  const checked = checkWidenedRange(body.range);
  if (!checked.ok) throw fieldError("range", checked.error);
  const note = (body.note ?? "").trim();
  const { rows } = await sql<ScanRange>`
    insert into company_scan_ranges (company_id, range, note, added_by, added_by_name)
    select ${company}, ${checked.cidr}::cidr, ${note}, u.id,
           coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
      from users u where u.id = ${caller.id}
    on conflict (company_id, range) do nothing
    returning ${columns}`.execute(tx);
  const added = rows[0];
  if (!added) throw fieldError("range", alreadyInScope(checked.cidr));
  await audit(tx, {
    companyId: company,
    actorId: caller.id,
    action: "company.scan_range.add",
    entity: "company_scan_range",
    entityId: added.id,
    before: null,
    after: { range: added.range, note: added.note },
    requestId,
  });
  return added;
}

export async function removeScanRange(tx: Tx, caller: Caller, companyId: number, rangeId: number, requestId: string) {
  const company = await visibleCompany(tx, companyId);
  mayChange(caller);
  const { rows } = await sql<{ id: number; range: string; note: string }>`
    delete from company_scan_ranges where id = ${rangeId} and company_id = ${company}
    returning id, range::text as range, note`.execute(tx);
  const removed = rows[0];
  if (!removed) throw notFound();
  await audit(tx, {
    companyId: company,
    actorId: caller.id,
    action: "company.scan_range.remove",
    entity: "company_scan_range",
    entityId: removed.id,
    before: { range: removed.range, note: removed.note },
    after: null,
    requestId,
  });
}
