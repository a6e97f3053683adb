import type { Role } from "@sentinel/api-client";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { isRoleAllowed } from "../lib/routeHandle.ts";
import { appRoutes } from "./router.tsx";

/**
 * The e2e route walk follows every link of the app for one role per side (an analyst and a member;
 * the phone walk opens every route as a super admin and a client admin). That stands for the other
 * role of each side because the route guard answers alike for both, on every route: checked here.
 */

/** Every route path in the tree, with the handles of the route and its ancestors (what the guard reads). */
function guardedPaths(routes: readonly RouteObject[], above: readonly unknown[] = []): [string, unknown[]][] {
  return routes.flatMap((route) => {
    const handles = [...above, route.handle];
    return [
      ...(route.path ? [[route.path, handles] as [string, unknown[]]] : []),
      ...guardedPaths(route.children ?? [], handles),
    ];
  });
}

const allowed = (role: Role) =>
  Object.fromEntries(guardedPaths(appRoutes()).map(([path, handles]) => [path, isRoleAllowed(role, handles)]));

describe("the route guard", () => {
  it("lets an analyst open exactly the routes a super admin opens", () => {
    expect(allowed("ANALYST")).toEqual(allowed("SUPER_ADMIN"));
  });

  it("lets a member open exactly the routes a client admin opens", () => {
    expect(allowed("CLIENT")).toEqual(allowed("CLIENT_ADMIN"));
  });

  it("keeps clients out of the staff routes: the two sides differ", () => {
    const client = allowed("CLIENT_ADMIN");
    const staffOnly = Object.entries(allowed("SUPER_ADMIN")).filter(([path, open]) => open && !client[path]);
    expect(staffOnly.map(([path]) => path)).toContain("/company-directory");
  });
});
