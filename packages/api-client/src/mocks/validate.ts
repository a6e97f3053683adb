import { type ErrorReply, reply } from "./typed.ts";

/** Request validation with Django REST framework's messages, so forms can show field errors. */

export const REQUIRED = "This field is required.";
export const BLANK = "This field may not be blank.";

export const isEmail = (v: unknown): v is string => typeof v === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

export function oneOf<T extends string>(value: unknown, values: readonly T[]): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

export const choiceError = (value: unknown) => `"${String(value)}" is not a valid choice.`;

/** 400 with every missing or blank field, or null when all are present. */
export function requireFields(body: Record<string, unknown> | null, fields: readonly string[]): ErrorReply | null {
  if (!body) return reply.nonField("Invalid data. Expected a JSON object.");
  const errors: Record<string, string[]> = {};
  for (const field of fields) {
    const value = body[field];
    if (value === undefined || value === null) errors[field] = [REQUIRED];
    else if (typeof value === "string" && value.trim() === "") errors[field] = [BLANK];
  }
  return Object.keys(errors).length ? reply.badRequest(errors) : null;
}

/** A query filter that must be one of the enum's values (django-filter answers 400 otherwise). */
export function choiceFilter<T extends string>(
  name: string,
  raw: string | null,
  values: readonly T[],
): { ok: true; value: T | null } | { ok: false; error: ErrorReply } {
  if (raw === null || raw === "") return { ok: true, value: null };
  if (oneOf(raw, values)) return { ok: true, value: raw };
  return {
    ok: false,
    error: reply.field(name, `Select a valid choice. ${raw} is not one of the available choices.`),
  };
}

/**
 * The server's password rule (packages/server/src/auth/passwords.ts, ASVS V2.1): 8 to 128 characters,
 * with its messages. Reset and change-password both apply it.
 */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return "This password is too short. It must contain at least 8 characters.";
  if (password.length > 128) return "This password is too long. It must contain at most 128 characters.";
  return null;
}
