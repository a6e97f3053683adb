import { MEMBER_REFUSED, type MemberRight } from "@sentinel/api-client/mocks/member-refusals";
import { forbidden } from "../http/errors.ts";
import type { Caller } from "../http/handler.ts";

/**
 * Refuses a member (role CLIENT) what only their company's admins (or an analyst) may do
 * (docs/decisions.md, "Members (issue 28)"): members read, export and write tickets, but spending
 * or buying the company's credits and triaging its findings are an admin's call. Checked after the
 * record is found, so another company's record still answers 404, never 403.
 */
export function refuseMember(caller: Pick<Caller, "role">, right: MemberRight): void {
  if (caller.role === "CLIENT") throw forbidden(MEMBER_REFUSED[right]);
}
