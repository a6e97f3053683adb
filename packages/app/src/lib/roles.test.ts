import { describe, expect, it } from "vitest";
import { isStaff, normaliseRole } from "./roles.ts";

describe("normaliseRole", () => {
  it.each([
    ["SUPER_ADMIN", "SUPER_ADMIN"],
    ["ANALYST", "ANALYST"],
    ["CLIENT_ADMIN", "CLIENT_ADMIN"],
    ["CLIENT", "CLIENT"],
    ["ADMIN", "CLIENT_ADMIN"],
    ["MEMBER", "CLIENT"],
    ["admin", "CLIENT_ADMIN"],
    [" member ", "CLIENT"],
  ])("maps %j to %j", (input, expected) => {
    expect(normaliseRole(input)).toBe(expected);
  });

  it.each([["OWNER"], [""], [null], [undefined], [42], [{ role: "ADMIN" }], ["SUPER ADMIN"]])(
    "returns null for %j",
    (input) => {
      expect(normaliseRole(input)).toBeNull();
    },
  );
});

describe("isStaff", () => {
  it("is true only for super admins and analysts", () => {
    expect([
      isStaff("SUPER_ADMIN"),
      isStaff("ANALYST"),
      isStaff("CLIENT_ADMIN"),
      isStaff("CLIENT"),
      isStaff(null),
    ]).toEqual([true, true, false, false, false]);
  });
});
