import { createHash, randomBytes, randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import { sql } from "kysely";
import type { Db } from "../db/pool.ts";

export interface AccessClaims {
  userId: number;
  family: string;
  pending: boolean;
}

export interface TokenService {
  signAccess(claims: AccessClaims, ttlSeconds: number): Promise<string>;
  /** null for a forged, expired or malformed token. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
}

const ISSUER = "sentinel";
const AUDIENCE = "sentinel-api";

/**
 * The signing key: JWT_SECRET when configured; otherwise one generated on first start and kept in
 * the database, so every server process on that database signs and checks with the same key.
 */
export async function signingKey(db: Db, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const fresh = randomBytes(48).toString("base64url");
  await sql`insert into settings (name, value) values ('jwt_secret', ${fresh}) on conflict (name) do nothing`.execute(
    db,
  );
  const row = await sql<{ value: string }>`select value from settings where name = 'jwt_secret'`.execute(db);
  const value = row.rows[0]?.value;
  if (!value) throw new Error("The signing key could not be stored in the settings table.");
  return new TextEncoder().encode(value);
}

export function tokenService(key: Uint8Array): TokenService {
  return {
    async signAccess(claims, ttlSeconds) {
      return await new SignJWT({
        token_type: "access",
        sid: claims.family,
        ...(claims.pending ? { two_fa_pending: true } : {}),
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
        const userId = Number(payload.sub);
        if (payload.token_type !== "access" || !Number.isInteger(userId) || typeof payload.sid !== "string")
          return null;
        return { userId, family: payload.sid, pending: payload.two_fa_pending === true };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** Opaque tokens (refresh, reset links): 256 random bits; only their SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest();
