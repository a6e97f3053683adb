import type { DbUser } from "./db-types.ts";
import { type ErrorReply, reply } from "./typed.ts";

/**
 * What a member (role CLIENT) may not do that their company's admins may, in the server's words
 * (packages/server/src/auth/memberRights.ts; docs/decisions.md, "Members (issue 28)"). Asked after
 * the record was found, so another company's record still answers 404.
 */
const MEMBER_REFUSED = {
  credits: "Only your company's admins can buy or spend credits. Ask one of them to do it.",
  triage: "Only your company's admins and Sentinel analysts can change finding statuses. Ask an admin to do it.",
} as const;

export function memberRefusal(viewer: { user: Pick<DbUser, "role"> }, right: keyof typeof MEMBER_REFUSED) {
  return viewer.user.role === "CLIENT" ? (reply.forbidden(MEMBER_REFUSED[right]) as ErrorReply) : null;
}
