import { forbidden } from "../http/errors.ts";
import type { Caller } from "../http/handler.ts";

/**
 * What a member (role CLIENT) may not do that their company's admins may (docs/decisions.md,
 * "Members (issue 28)"): members read, export and write tickets, but spending or buying the
 * company's credits and triaging its findings are an admin's (or an analyst's) call. Checked after
 * the record is found, so another company's record still answers 404, never 403.
 */
export const MEMBER_REFUSED = {
  credits: "Only your company's admins can buy or spend credits. Ask one of them to do it.",
  triage: "Only your company's admins and Sentinel analysts can change finding statuses. Ask an admin to do it.",
} as const;

export function refuseMember(caller: Pick<Caller, "role">, right: keyof typeof MEMBER_REFUSED): void {
  if (caller.role === "CLIENT") throw forbidden(MEMBER_REFUSED[right]);
}
