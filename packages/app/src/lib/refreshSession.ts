import type { components } from "@sentinel/api-client";
import type { SessionStore } from "./session.ts";

type LoginResponse = components["schemas"]["LoginResponse"];

export interface RefreshDeps {
  store: SessionStore;
  /** The API's base address, read when the refresh runs (the runtime config may load late). */
  baseUrl(): string;
  fetch?: typeof globalThis.fetch;
}

/**
 * Renews the session with its refresh token (`refreshToken` of the contract): resolves true once
 * the new tokens are stored. It calls fetch directly, not the API client, whose 401 handling is what
 * asked for the refresh in the first place.
 */
export function createSessionRefresher(deps: RefreshDeps): () => Promise<boolean> {
  return async () => {
    const { refresh, isAuthenticated } = deps.store.getSnapshot();
    if (!isAuthenticated || !refresh) return false;
    const send = deps.fetch ?? globalThis.fetch.bind(globalThis);
    try {
      const response = await send(`${deps.baseUrl().replace(/\/+$/, "")}/api/v1/auth/token/refresh/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ refresh }),
      });
      if (!response.ok) return false;
      const tokens = (await response.json()) as Partial<LoginResponse>;
      if (typeof tokens.access !== "string" || typeof tokens.refresh !== "string") return false;
      // Signed out (or signed in as someone else) while the refresh was under way: keep what is there.
      if (deps.store.getSnapshot().refresh !== refresh) return deps.store.getSnapshot().isAuthenticated;
      deps.store.renewTokens({ access: tokens.access, refresh: tokens.refresh });
      return true;
    } catch {
      return false;
    }
  };
}
