import { UntrustedText } from "@sentinel/ui";
import { useId } from "react";
import { visuallyHidden } from "../../components/visuallyHidden.css.ts";
import * as styles from "./CodeSnippet.css.ts";
import { parseSnippetLines } from "./codeSnippet.ts";

export interface CodeSnippetProps {
  /** Snippet lines as the scanner sends them (`"42 | code"`); rendered as inert text only. */
  snippets: readonly string[];
  /** The affected source line; the matching numbered line is highlighted and marked `aria-current`. */
  highlightLine?: number | null;
  /** File or component shown above the code. */
  caption?: string | null;
  /**
   * Accessible name of the scrollable code region.
   * @default "Code snippet"
   */
  label?: string;
}

/**
 * Source lines with their numbers, the affected line highlighted. The text comes from scanned
 * repositories (attacker-controlled), so it is only ever React text; the region is focusable so
 * keyboard users can scroll long lines.
 */
export function CodeSnippet({ snippets, highlightLine = null, caption, label = "Code snippet" }: CodeSnippetProps) {
  const captionId = useId();
  const lines = parseSnippetLines(snippets);
  if (lines.length === 0) return null;
  const hasHighlight = highlightLine !== null && lines.some((l) => l.number === highlightLine);
  return (
    <figure className={styles.root} aria-labelledby={caption ? captionId : undefined}>
      {caption ? (
        <figcaption id={captionId} className={styles.caption}>
          {caption}
        </figcaption>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <section className={styles.scroller} aria-label={label} tabIndex={0}>
        <ol className={styles.lines}>
          {lines.map((line, index) => {
            const highlighted = hasHighlight && line.number === highlightLine;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity beyond their position
                key={index}
                className={styles.line}
                aria-current={highlighted ? "true" : undefined}
                data-highlighted={highlighted ? "" : undefined}
              >
                <span className={styles.lineNumber}>
                  {line.number !== null ? (
                    <>
                      <span className={visuallyHidden}>Line </span>
                      {line.number}
                    </>
                  ) : null}
                </span>
                <code className={styles.code}>
                  {/* Source code from a scanned repository: a bidi control here is the "Trojan Source" trick. */}
                  <UntrustedText dir="ltr">{line.text}</UntrustedText>
                  {highlighted ? <span className={visuallyHidden}> (affected line)</span> : null}
                </code>
              </li>
            );
          })}
        </ol>
      </section>
      {highlightLine !== null && !hasHighlight ? (
        <p className={styles.note}>Affected line {highlightLine} is outside this snippet.</p>
      ) : null}
    </figure>
  );
}
