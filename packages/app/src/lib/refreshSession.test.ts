import type { User } from "@sentinel/api-client";
import { describe, expect, it, vi } from "vitest";
import { createSessionRefresher } from "./refreshSession.ts";
import { createSessionStore } from "./session.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const user = {
  id: 5,
  first_name: "Hannah",
  last_name: "Schmidt",
  username: "admin",
  email: "admin@example.com",
  role: "CLIENT_ADMIN",
  role_display: "Admin",
  is_superuser: false,
  last_login: null,
  two_fa: "INACTIVE",
  phone_number: null,
  company: [],
  assigned_company: null,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  is_active: true,
  invitation_pending: false,
} satisfies User;

function signedInStore() {
  const store = createSessionStore(memoryStorage());
  store.signIn({ access: "old-access", refresh: "old-refresh", twoFAEnabled: false, user });
  return store;
}

describe("createSessionRefresher", () => {
  it("sends the refresh token and stores the new pair, keeping the user", async () => {
    const store = signedInStore();
    const fetch = vi.fn(async () =>
      Response.json({ two_fa: "INACTIVE", access: "new-access", refresh: "new-refresh" }),
    );
    const refresh = createSessionRefresher({ store, baseUrl: () => "https://api.example.test/", fetch });
    await expect(refresh()).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      "https://api.example.test/api/v1/auth/token/refresh/",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ refresh: "old-refresh" }) }),
    );
    expect(store.getSnapshot()).toMatchObject({
      token: "new-access",
      refresh: "new-refresh",
      isAuthenticated: true,
      user: { email: "admin@example.com" },
    });
  });

  it("answers false, and leaves the session to the sign-out path, when the refresh is refused", async () => {
    const store = signedInStore();
    const refresh = createSessionRefresher({
      store,
      baseUrl: () => "",
      fetch: async () => Response.json({ detail: "Token is invalid or expired" }, { status: 401 }),
    });
    await expect(refresh()).resolves.toBe(false);
    expect(store.getSnapshot().token).toBe("old-access");
  });

  it("answers false without a call when signed out or on a network failure", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("offline");
    });
    const out = createSessionStore(memoryStorage());
    await expect(createSessionRefresher({ store: out, baseUrl: () => "", fetch })()).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    await expect(createSessionRefresher({ store: signedInStore(), baseUrl: () => "", fetch })()).resolves.toBe(false);
  });
});
