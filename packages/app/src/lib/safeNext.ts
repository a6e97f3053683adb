import { paths } from "../config/paths.ts";

/** Where sign-in lands when `next` is missing or unsafe. */
export const defaultAfterSignIn = paths.dashboard.getHref();

const maxLength = 2048;
const maxDecodeRounds = 5;

// C0/C1 controls, and the invisible or exotic spaces URL parsers strip or browsers fold.
const forbiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F\u3000\uFEFF]/;
const scheme = /^[a-z][a-z0-9+.-]*:/i;

function isSafeLayer(value: string): boolean {
  return (
    value.startsWith("/") &&
    !value.startsWith("//") &&
    !value.includes("\\") &&
    !forbiddenCharacters.test(value) &&
    !scheme.test(value)
  );
}

/**
 * The `next` value from the login URL, if it is a same-origin relative path; otherwise `/dashboard`.
 *
 * Browsers forgive a lot (`/\evil.example`, `/\tjavascript:`, `%2F%2Fevil.example` after a second
 * decode), so every decoding layer must pass the same checks, and the URL the browser would
 * actually resolve must stay on this origin.
 */
export function safeNext(next: string | null | undefined, origin: string = globalThis.location.origin): string {
  if (typeof next !== "string" || next.length === 0 || next.length > maxLength) return defaultAfterSignIn;

  let layer = next;
  for (let round = 0; ; round += 1) {
    if (!isSafeLayer(layer)) return defaultAfterSignIn;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return defaultAfterSignIn;
    }
    if (decoded === layer) break;
    if (round === maxDecodeRounds) return defaultAfterSignIn;
    layer = decoded;
  }

  let resolved: URL;
  try {
    resolved = new URL(next, origin);
  } catch {
    return defaultAfterSignIn;
  }
  if (resolved.origin !== new URL(origin).origin) return defaultAfterSignIn;
  // Dot segments can fold into a protocol-relative path (`/..//evil.example` → `//evil.example`),
  // so the resolved path must pass the same checks as what was typed.
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return isSafeLayer(path) ? path : defaultAfterSignIn;
}
