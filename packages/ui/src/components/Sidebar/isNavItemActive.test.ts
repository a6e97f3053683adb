import { describe, expect, it } from "vitest";
import { isNavItemActive } from "./isNavItemActive.ts";

describe("isNavItemActive", () => {
  it("matches the item's own path", () => {
    expect(isNavItemActive("/dashboard", "/dashboard")).toBe(true);
  });

  it("matches pages below the item's path", () => {
    expect(isNavItemActive("/network-va/12", "/network-va")).toBe(true);
    expect(isNavItemActive("/asset-inventory/3/company/9/network", "/asset-inventory")).toBe(true);
  });

  it("does not match a sibling path that merely shares a prefix", () => {
    expect(isNavItemActive("/network-vabc", "/network-va")).toBe(false);
    expect(isNavItemActive("/ticketing-archive", "/ticketing")).toBe(false);
  });

  it("does not match unrelated or parent paths", () => {
    expect(isNavItemActive("/dashboard", "/ticketing")).toBe(false);
    expect(isNavItemActive("/network", "/network-va")).toBe(false);
  });

  it("ignores trailing slashes, query strings and hashes", () => {
    expect(isNavItemActive("/ticketing/", "/ticketing")).toBe(true);
    expect(isNavItemActive("/ticketing?page=2&search=x", "/ticketing")).toBe(true);
    expect(isNavItemActive("/ticketing#top", "/ticketing/")).toBe(true);
  });

  it("treats the root as active only on the root", () => {
    expect(isNavItemActive("/", "/")).toBe(true);
    expect(isNavItemActive("/dashboard", "/")).toBe(false);
  });
});
