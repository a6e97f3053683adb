import { describe, expect, it } from "vitest";
import { refusalFor } from "./permissions.ts";

describe("refusalFor", () => {
  it("refuses members triage and credits, with the reason", () => {
    expect(refusalFor("CLIENT", "triage")).toMatch(/^Only your company's admins can change finding statuses/);
    expect(refusalFor("CLIENT", "credits")).toMatch(/^Only your company's admins can buy or spend credits/);
  });
  it("lets admins, staff and a not-yet-known role through (the server still decides)", () => {
    for (const role of ["CLIENT_ADMIN", "SUPER_ADMIN", "ANALYST", undefined, null] as const) {
      expect(refusalFor(role, "triage")).toBeUndefined();
      expect(refusalFor(role, "credits")).toBeUndefined();
    }
  });
});
