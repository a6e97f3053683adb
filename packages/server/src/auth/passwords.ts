import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's minimum: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/**
 * A hash computed once, checked against when the e-mail is unknown, so a wrong address costs the
 * same time as a wrong password and the answer's timing reveals nothing.
 */
let decoy: Promise<string> | null = null;

export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword("decoy password, never valid");
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return await verify(stored, password).catch(() => false);
}

/** ASVS V2.1: at least 8 characters (the contract's minimum), at most 128 (argon2 input bound). */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return "This password is too short. It must contain at least 8 characters.";
  if (password.length > 128) return "This password is too long. It must contain at most 128 characters.";
  return null;
}
