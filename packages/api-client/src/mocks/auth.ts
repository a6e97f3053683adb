import { HOUR, now } from "./clock.ts";
import { getDb } from "./db.ts";
import type { DbUser } from "./db-types.ts";
import { readLocal, storage } from "./storage.ts";

export const SESSION_STORAGE_KEY = "sentinel.static.sessions.v1";
/** The app (or a tester) can shorten the token lifetime in static mode to see the 401 path. */
export const TOKEN_TTL_STORAGE_KEY = "sentinel.static.tokenTtlMs";
export const DEFAULT_TOKEN_TTL_MS = 8 * HOUR;
/** Pre-2FA tokens only have to live through the code step. */
const PENDING_TOKEN_TTL_MS = 10 * 60_000;

export interface Session {
  access: string;
  refresh: string;
  user_id: number;
  issued_at: number;
  expires_at: number;
  /** Issued by the password step for a SETUP/ACTIVE account: only the 2FA steps and logout accept it. */
  pending: boolean;
  revoked: boolean;
}

interface SessionState {
  counter: number;
  sessions: Session[];
}

let state: SessionState | null = null;
let ttlOverride: number | null = null;

function sessions(): SessionState {
  if (state) return state;
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  try {
    state = raw ? (JSON.parse(raw) as SessionState) : { counter: 0, sessions: [] };
  } catch {
    state = { counter: 0, sessions: [] };
  }
  return state;
}

function save(): void {
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessions()));
  } catch {
    // The session still works for this page load.
  }
}

/** Lifetime of tokens issued from now on; `null` restores the default (or the localStorage override). */
export function setTokenLifetime(ms: number | null): void {
  ttlOverride = ms;
}

export function tokenLifetime(): number {
  if (ttlOverride !== null) return ttlOverride;
  const stored = Number(readLocal(TOKEN_TTL_STORAGE_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : DEFAULT_TOKEN_TTL_MS;
}

const b64url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * JWT-shaped tokens (unsigned: static mode has no secret). Counter-based, so a session's tokens are
 * the same on every run of the same steps, yet no two issued tokens are equal.
 */
function mint(type: "access" | "refresh", user: DbUser, n: number, issued: number, expires: number, pending: boolean) {
  const header = b64url(JSON.stringify({ alg: "none", typ: "JWT" }));
  const payload = b64url(
    JSON.stringify({
      token_type: type,
      user_id: user.id,
      jti: `static-${n}-${type}`,
      iat: Math.floor(issued / 1000),
      exp: Math.floor(expires / 1000),
      ...(pending ? { two_fa_pending: true } : {}),
    }),
  );
  return `${header}.${payload}.static`;
}

export function issueTokens(user: DbUser, pending: boolean): { access: string; refresh: string } {
  const s = sessions();
  s.counter += 1;
  const issued = now();
  const expires = issued + (pending ? Math.min(PENDING_TOKEN_TTL_MS, tokenLifetime()) : tokenLifetime());
  const session: Session = {
    access: mint("access", user, s.counter, issued, expires, pending),
    refresh: mint("refresh", user, s.counter, issued, expires + 7 * 24 * HOUR, pending),
    user_id: user.id,
    issued_at: issued,
    expires_at: expires,
    pending,
    revoked: false,
  };
  s.sessions.push(session);
  // Only a bounded history is kept; the oldest sessions simply become unknown tokens.
  if (s.sessions.length > 200) s.sessions.splice(0, s.sessions.length - 200);
  save();
  return { access: session.access, refresh: session.refresh };
}

export type TokenCheck =
  | { kind: "ok"; session: Session; user: DbUser }
  | { kind: "missing" }
  | { kind: "invalid" }
  | { kind: "pending"; session: Session; user: DbUser };

export function checkAuthorization(header: string | null): TokenCheck {
  if (!header) return { kind: "missing" };
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) return { kind: "invalid" };
  const session = sessions().sessions.find((s) => s.access === match[1]);
  if (!session || session.revoked || now() >= session.expires_at) return { kind: "invalid" };
  const user = getDb().users.find((u) => u.id === session.user_id);
  // A deactivated account's tokens stop at once, as the server re-reads the user on every request.
  if (!user || user.is_active === false) return { kind: "invalid" };
  return session.pending ? { kind: "pending", session, user } : { kind: "ok", session, user };
}

/** Logout: the refresh token is blacklisted, and static mode also drops the access token of that session. */
export function revoke(session: Session): void {
  session.revoked = true;
  save();
}

/** Ends every sign-in of a user (deactivation, a 2FA reset). */
export function revokeAllOf(userId: number): void {
  for (const session of sessions().sessions) if (session.user_id === userId) session.revoked = true;
  save();
}

/**
 * Ends every session of the user but `keep` (the caller's); answers how many were still usable. A
 * refresh revokes the session it replaces, so each usable session is one sign-in.
 */
export function revokeOtherSessions(userId: number, keep: Session): number {
  let ended = 0;
  for (const session of sessions().sessions) {
    if (session.user_id !== userId || session === keep || session.revoked) continue;
    session.revoked = true;
    if (now() < session.expires_at) ended += 1;
  }
  save();
  return ended;
}

export function findByRefresh(refresh: string): Session | undefined {
  return sessions().sessions.find((s) => s.refresh === refresh);
}

/** Re-reads the sessions from storage on next use (after persistence is switched on). */
export function reloadSessions(): void {
  state = null;
}

/** Forgets every issued token (tests). */
export function resetSessions(): void {
  state = { counter: 0, sessions: [] };
  ttlOverride = null;
  storage()?.removeItem(SESSION_STORAGE_KEY);
}
