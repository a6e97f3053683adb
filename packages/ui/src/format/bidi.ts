/**
 * Text from outside (file names, host names, scan findings, messages) may carry Unicode's explicit
 * bidirectional formatting characters. A RIGHT-TO-LEFT OVERRIDE (U+202E) makes "invoice[U+202E]fdp.exe"
 * display as "invoiceexe.pdf": the characters are the same, what the reader sees is not. Such text
 * is shown with each of these characters made visible (their effect is then gone), and isolated from
 * the text around it (`UntrustedText`).
 *
 * Only the explicit embeddings, overrides and isolates (and their terminators) are revealed. The
 * implicit marks (LRM, RLM, ALM) are ordinary in right-to-left writing and cannot reverse letters.
 */

const CONTROL_NAMES: Readonly<Record<string, string>> = {
  "\u202A": "Left-to-right embedding",
  "\u202B": "Right-to-left embedding",
  "\u202C": "Pop directional formatting",
  "\u202D": "Left-to-right override",
  "\u202E": "Right-to-left override",
  "\u2066": "Left-to-right isolate",
  "\u2067": "Right-to-left isolate",
  "\u2068": "First strong isolate",
  "\u2069": "Pop directional isolate",
};

const CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

// Letters of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, their
// presentation forms, and the historic RTL blocks) and the right-to-left marks RLM and ALM.
const RIGHT_TO_LEFT = /[\u0590-\u08FF\u200F\u061C\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/**
 * Whether `text` could change the order of what is around it: it holds a bidi formatting character
 * or right-to-left letters. Left-to-right text cannot, so it needs no isolation.
 */
export function affectsBidiOrder(text: string): boolean {
  return hasBidiControls(text) || RIGHT_TO_LEFT.test(text);
}

/** Whether `text` holds an explicit bidi formatting character. */
export function hasBidiControls(text: string): boolean {
  return /[\u202A-\u202E\u2066-\u2069]/.test(text);
}

/** `U+202E` for the character. */
export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

export type BidiPart = { kind: "text"; text: string } | { kind: "control"; code: string; name: string };

/** `text` cut into plain runs and the bidi formatting characters between them. */
export function splitBidiControls(text: string): BidiPart[] {
  const parts: BidiPart[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTROLS)) {
    const at = match.index;
    if (at > last) parts.push({ kind: "text", text: text.slice(last, at) });
    parts.push({ kind: "control", code: codePointLabel(match[0]), name: CONTROL_NAMES[match[0]] ?? "Bidi control" });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/**
 * `text` with each bidi formatting character written out as `[U+202E]`, for places that take a
 * plain string (an `aria-label`, the document title, an option's text).
 */
export function revealBidiControls(text: string): string {
  return text.replace(CONTROLS, (char) => `[${codePointLabel(char)}]`);
}

/** `text` without its bidi formatting characters: for a name the browser hands on (a download's file name). */
export function stripBidiControls(text: string): string {
  return text.replace(CONTROLS, "");
}
