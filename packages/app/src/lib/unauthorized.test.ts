import { describe, expect, it, vi } from "vitest";
import { isPublicOnlyPath } from "../config/paths.ts";
import { createUnauthorizedHandler } from "./unauthorized.ts";

function setup(pathname: string, search = "") {
  const location = { pathname, search, hash: "", replace: vi.fn() };
  const clearSession = vi.fn();
  const handler = createUnauthorizedHandler({ clearSession, location, isPublicPath: isPublicOnlyPath });
  return { handler, location, clearSession };
}

describe("createUnauthorizedHandler", () => {
  it("clears the session and reloads on the login page with the current path as next", () => {
    const { handler, location, clearSession } = setup("/ticketing/12", "?tab=messages");
    handler();
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(location.replace).toHaveBeenCalledTimes(1);
    const target = new URL(location.replace.mock.calls[0]?.[0] as string, "https://app.example.test");
    expect(target.pathname).toBe("/auth/login");
    expect(target.searchParams.get("next")).toBe("/ticketing/12?tab=messages");
  });

  it("acts exactly once when several calls fail together", async () => {
    const { handler, location, clearSession } = setup("/dashboard");
    await Promise.all(Array.from({ length: 8 }, () => Promise.resolve().then(handler)));
    handler();
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(location.replace).toHaveBeenCalledTimes(1);
  });

  it("clears the session but stays put on a public route", () => {
    for (const pathname of [
      "/auth/login",
      "/auth/forgot-password",
      "/auth/reset-password/abc",
      "/auth/recover-authenticator",
    ]) {
      const { handler, location, clearSession } = setup(pathname);
      handler();
      expect(clearSession).toHaveBeenCalledTimes(1);
      expect(location.replace).not.toHaveBeenCalled();
    }
  });

  it("keeps each handler's latch separate, so a fresh page load acts again", () => {
    const first = setup("/dashboard");
    const second = setup("/dashboard");
    first.handler();
    second.handler();
    expect(first.location.replace).toHaveBeenCalledTimes(1);
    expect(second.location.replace).toHaveBeenCalledTimes(1);
  });
});
