import type { DbUser } from "./db-types.ts";
import { MEMBER_REFUSED, type MemberRight } from "./memberRefusals.ts";
import { type ErrorReply, reply } from "./typed.ts";

/** Static mode's 403 for a member doing what only an admin may (the server's refuseMember). */
export function memberRefusal(viewer: { user: Pick<DbUser, "role"> }, right: MemberRight) {
  return viewer.user.role === "CLIENT" ? (reply.forbidden(MEMBER_REFUSED[right]) as ErrorReply) : null;
}
