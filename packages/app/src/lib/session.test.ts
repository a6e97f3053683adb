import type { User } from "@sentinel/api-client";
import { describe, expect, it, vi } from "vitest";
import { createSessionStore, parseSession, type SessionStorageLike, signedOut } from "./session.ts";

function memoryStorage(initial: Record<string, string> = {}): SessionStorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const user = {
  id: 1,
  first_name: "Ana",
  last_name: "Lee",
  username: "ana",
  email: "admin@example.com",
  role: "CLIENT_ADMIN",
  role_display: "Admin",
  is_superuser: false,
  last_login: null,
  two_fa: "ACTIVE",
  phone_number: null,
  company: ["Acme"],
  assigned_company: null,
  created_at: "2025-01-01T00:00:00Z",
  updated_at: "2025-01-01T00:00:00Z",
  is_active: true,
  invitation_pending: false,
} satisfies User;

describe("session store", () => {
  it("survives a reload: a new store over the same storage reads the session back", () => {
    const storage = memoryStorage();
    const first = createSessionStore(storage);
    first.signIn({ access: "a", refresh: "r", twoFAEnabled: false });
    first.setUser(user);
    const reloaded = createSessionStore(storage).getSnapshot();
    expect(reloaded).toMatchObject({ token: "a", refresh: "r", isAuthenticated: true, twoFAEnabled: true });
    expect(reloaded.user?.email).toBe("admin@example.com");
  });

  it("normalises the alias role names when a user is stored", () => {
    const store = createSessionStore(memoryStorage());
    store.signIn({ access: "a", refresh: "r", twoFAEnabled: false });
    store.setUser({ ...user, role: "MEMBER" as User["role"] });
    expect(store.getSnapshot().user?.role).toBe("CLIENT");
  });

  it("signs out: clears state and storage and notifies subscribers", () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.signIn({ access: "a", refresh: "r", twoFAEnabled: false });
    const listener = vi.fn();
    store.subscribe(listener);
    store.signOut();
    expect(store.getSnapshot()).toBe(signedOut);
    expect(storage.data.size).toBe(0);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("remembers that the user chose Log Out", () => {
    const store = createSessionStore(memoryStorage());
    store.signIn({ access: "a", refresh: "r", twoFAEnabled: false });
    store.signOut("logout");
    expect(store.getSnapshot()).toMatchObject({ isAuthenticated: false, token: null, endReason: "logout" });
    store.signIn({ access: "b", refresh: "r", twoFAEnabled: false });
    expect(store.getSnapshot().endReason).toBeNull();
  });

  it("never treats the pending 2FA token as signed in, but sends it on requests", () => {
    const store = createSessionStore(memoryStorage());
    store.setPendingToken("pre-2fa");
    expect(store.getSnapshot().isAuthenticated).toBe(false);
    expect(store.getRequestToken()).toBe("pre-2fa");
    store.signIn({ access: "full", refresh: "r", twoFAEnabled: true });
    expect(store.getRequestToken()).toBe("full");
  });

  it("keeps the snapshot identity stable between changes (useSyncExternalStore needs it)", () => {
    const store = createSessionStore(memoryStorage());
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it("ignores user and company updates after sign-out (a late profile response)", () => {
    const store = createSessionStore(memoryStorage());
    store.setUser(user);
    expect(store.getSnapshot().isAuthenticated).toBe(false);
    expect(store.getSnapshot().user).toBeNull();
  });
});

describe("parseSession", () => {
  it.each([[null], [""], ["not json"], ["[]"], ['{"token":""}'], ['{"user":{}}'], ['{"token":42}']])(
    "treats %j as signed out",
    (raw) => {
      expect(parseSession(raw)).toBe(signedOut);
    },
  );

  it("drops a stored user whose role is unknown", () => {
    const session = parseSession(JSON.stringify({ token: "t", user: { ...user, role: "OWNER" } }));
    expect(session.isAuthenticated).toBe(true);
    expect(session.user).toBeNull();
  });
});
