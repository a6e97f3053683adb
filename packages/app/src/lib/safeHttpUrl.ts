// Whitespace and controls that URL parsers strip or browsers fold: a value carrying them is not
// what it looks like on screen, so it is refused rather than "cleaned".
const forbiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F\u3000\uFEFF]/;

const maxLength = 2048;

/**
 * The URL as a string if it is an absolute `http:` or `https:` URL, otherwise `null`.
 *
 * Links built from API data (finding references, engine references) come from scanned targets
 * that attackers control: `javascript:`, `data:`, relative and protocol-relative values must stay
 * plain text. Callers render the returned string as the `href` and the original as the label.
 */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > maxLength || forbiddenCharacters.test(trimmed)) return null;
  // Only absolute URLs with an explicit scheme; `new URL` alone would accept `javascript:`.
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname || url.username || url.password) return null;
  return url.href;
}
