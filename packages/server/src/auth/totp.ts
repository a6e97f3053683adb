import { Secret, TOTP } from "otpauth";

const PERIOD = 30;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: "Sentinel",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step a code belongs to (±1 step of clock drift), or null when it matches none. The caller
 * refuses a step at or before the last one accepted, so a code cannot be replayed.
 */
export function matchingStep(secret: string, code: string, nowMs = Date.now()): number | null {
  const delta = totpFor(secret, "check").validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD) + delta;
}
