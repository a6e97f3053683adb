import { withScope } from "../../db/pool.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { type HandlerMap, isStaffRole, ok } from "../../http/handler.ts";
import { userById, usersByRole } from "./queries.ts";

export const userHandlers: HandlerMap = {
  getProfile: async ({ services, caller }) =>
    ok(
      await withScope(
        services.db,
        caller.scope,
        async (tx) => (await userById(tx, caller.id)) ?? Promise.reject(notFound()),
      ),
    ),

  listAnalysts: async ({ services, caller }) => {
    if (!isStaffRole(caller.role)) throw forbidden();
    return ok(await withScope(services.db, caller.scope, (tx) => usersByRole(tx, "ANALYST")));
  },
};
