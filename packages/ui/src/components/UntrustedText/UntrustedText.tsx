import { affectsBidiOrder, splitBidiControls } from "../../format/bidi.ts";
import * as styles from "./UntrustedText.css.ts";

export interface UntrustedTextProps {
  /** Text that came from outside: a file, host or repository name, a finding, a message. */
  children: string | null | undefined;
  /**
   * Base direction of the text: `auto` follows its first strong character, as a name should;
   * `ltr` for text that is read left to right whatever it holds (source code).
   * @default "auto"
   */
  dir?: "auto" | "ltr";
  /** Extra class on the wrapper, for layout by the parent. */
  className?: string;
}

/**
 * Shows text from outside as it really is. Right-to-left text is isolated (`<bdi>`), so it cannot
 * reorder what stands next to it, and each explicit bidi formatting character (an override that
 * makes "invoice[U+202E]fdp.exe" read as "invoiceexe.pdf") is shown as its code point, with its effect
 * gone. Plain left-to-right text is rendered as it is. Text is always rendered as text.
 */
export function UntrustedText({ children, dir = "auto", className }: UntrustedTextProps) {
  const text = children ?? "";
  // Left-to-right text without controls cannot reorder anything: it stays a plain text node.
  if (!affectsBidiOrder(text) && className === undefined) return text;
  const parts = splitBidiControls(text);
  return (
    <bdi dir={dir} className={className ? `${styles.root} ${className}` : styles.root}>
      {parts.map((part, index) =>
        part.kind === "text" ? (
          part.text
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string have no other identity.
          <span key={index} className={styles.control} title={part.name}>
            {part.code}
          </span>
        ),
      )}
    </bdi>
  );
}
