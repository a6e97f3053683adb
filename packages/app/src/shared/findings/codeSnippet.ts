export interface SnippetLine {
  /** The source line number, when the snippet carries one (`"42 | code"`). */
  number: number | null;
  text: string;
}

// Scanners send each snippet line as "<line number> | <source>"; the separator's spacing varies.
const numbered = /^\s*(\d{1,7})\s?\|\s?(.*)$/;

/**
 * Splits code snippets into numbered lines. Each snippet may hold one or several lines; lines
 * without a number prefix keep `number: null` rather than getting an invented one.
 */
export function parseSnippetLines(snippets: readonly string[]): SnippetLine[] {
  return snippets.flatMap((snippet) =>
    snippet.split(/\r?\n/).map((line) => {
      const match = numbered.exec(line);
      return match ? { number: Number(match[1]), text: match[2] ?? "" } : { number: null, text: line };
    }),
  );
}
