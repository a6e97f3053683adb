import type { Company, User } from "@sentinel/api-client";
import { normaliseRole } from "./roles.ts";

/** The signed-in state of spec §3, plus the refresh token the logout call revokes. */
export interface Session {
  readonly user: User | null;
  readonly token: string | null;
  readonly refresh: string | null;
  readonly isAuthenticated: boolean;
  readonly company: Company | null;
  readonly twoFAEnabled: boolean;
  /**
   * Why the last session ended: `"logout"` when the user chose Log Out (the guard then goes to
   * plain sign-in, without `next`: the next person to sign in may not want that page).
   */
  readonly endReason: "logout" | null;
}

export const signedOut: Session = {
  user: null,
  token: null,
  refresh: null,
  isAuthenticated: false,
  company: null,
  twoFAEnabled: false,
  endReason: null,
};

/** The subset of `Storage` the store needs, so tests and stories can pass a Map-backed fake. */
export interface SessionStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const sessionStorageKey = "sentinel.session";

export interface SessionStore {
  getSnapshot(): Session;
  subscribe(listener: () => void): () => void;
  /** Full tokens from login or the 2FA step, and the profile when it is already loaded. */
  signIn(tokens: { access: string; refresh: string; twoFAEnabled: boolean; user?: User | null }): void;
  /** New tokens of the same sign-in (a refresh): the user, company and 2FA state stay. */
  renewTokens(tokens: { access: string; refresh: string }): void;
  setUser(user: User): void;
  setCompany(company: Company | null): void;
  signOut(reason?: "logout"): void;
  /**
   * The limited token login returns while 2FA is pending. Held in memory only: it is useless
   * after a reload, and must never make the app think the user is signed in.
   */
  setPendingToken(token: string | null): void;
  /** The bearer token for the next request: the full token, or the pending 2FA token. */
  getRequestToken(): string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a stored session defensively: anything malformed counts as signed out. */
export function parseSession(raw: string | null): Session {
  if (!raw) return signedOut;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return signedOut;
  }
  if (!isRecord(value) || typeof value.token !== "string" || value.token === "") return signedOut;
  const user = isRecord(value.user) && normaliseRole(value.user.role) ? (value.user as unknown as User) : null;
  return {
    user: user ? { ...user, role: normaliseRole(user.role) ?? user.role } : null,
    token: value.token,
    refresh: typeof value.refresh === "string" ? value.refresh : null,
    isAuthenticated: true,
    company: isRecord(value.company) ? (value.company as unknown as Company) : null,
    twoFAEnabled: value.twoFAEnabled === true,
    endReason: null,
  };
}

export function createSessionStore(storage: SessionStorageLike | null, key = sessionStorageKey): SessionStore {
  const listeners = new Set<() => void>();
  let current = parseSession(readStorage());
  let pendingToken: string | null = null;

  function readStorage(): string | null {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function commit(next: Session) {
    current = next;
    try {
      if (next.isAuthenticated) storage?.setItem(key, JSON.stringify(next));
      else storage?.removeItem(key);
    } catch {
      // Private mode or a full quota: the session still works for this tab.
    }
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn({ access, refresh, twoFAEnabled, user }) {
      pendingToken = null;
      const role = user ? normaliseRole(user.role) : null;
      commit({
        ...signedOut,
        token: access,
        refresh,
        isAuthenticated: true,
        twoFAEnabled,
        user: user && role ? { ...user, role } : null,
      });
    },
    renewTokens({ access, refresh }) {
      if (!current.isAuthenticated) return;
      commit({ ...current, token: access, refresh });
    },
    setUser(user) {
      if (!current.isAuthenticated) return;
      const role = normaliseRole(user.role) ?? user.role;
      commit({ ...current, user: { ...user, role }, twoFAEnabled: user.two_fa === "ACTIVE" });
    },
    setCompany(company) {
      if (!current.isAuthenticated) return;
      commit({ ...current, company });
    },
    signOut(reason) {
      pendingToken = null;
      if (current.isAuthenticated || current.endReason !== (reason ?? null)) {
        commit(reason ? { ...signedOut, endReason: reason } : signedOut);
      }
    },
    setPendingToken(token) {
      pendingToken = token;
    },
    getRequestToken: () => current.token ?? pendingToken,
  };
}

/** Keeps a store in step with other tabs: signing out in one tab signs out everywhere. */
export function syncSessionAcrossTabs(store: SessionStore, target: Window, key = sessionStorageKey): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    const next = parseSession(event.newValue);
    if (!next.isAuthenticated) store.signOut();
    else if (next.token !== store.getSnapshot().token) {
      store.signIn({ access: next.token ?? "", refresh: next.refresh ?? "", twoFAEnabled: next.twoFAEnabled });
      if (next.user) store.setUser(next.user);
      if (next.company) store.setCompany(next.company);
    }
  };
  target.addEventListener("storage", onStorage);
  return () => target.removeEventListener("storage", onStorage);
}

function browserStorage(): SessionStorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The app's one session, persisted in localStorage so it survives a reload. */
export const sessionStore: SessionStore = createSessionStore(browserStorage());
