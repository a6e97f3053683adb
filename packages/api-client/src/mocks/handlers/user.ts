import { getDb } from "../db.ts";
import { isStaff } from "../scope.ts";
import { user } from "../serialize.ts";
import { reply, typedHttp } from "../typed.ts";

export const userHandlers = [
  typedHttp.get("/api/v1/user/profile/", (ctx) => ctx.ok(user(getDb(), ctx.viewer.user))),

  typedHttp.get("/api/v1/user/analyst/", (ctx) => {
    if (!isStaff(ctx.viewer.user)) return reply.forbidden();
    const db = getDb();
    return ctx.ok(db.users.filter((u) => u.role === "ANALYST").map((u) => user(db, u)));
  }),
];
