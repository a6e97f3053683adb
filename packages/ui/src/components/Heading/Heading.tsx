import type { ReactNode, Ref } from "react";
import * as styles from "./Heading.css.ts";

/** A heading's visual level: 1 is a page's title, 2 a section, 3 a group in a section, 4 the smallest. */
export type HeadingLevel = 1 | 2 | 3 | 4;

export interface HeadingProps {
  /** The heading's text. */
  children?: ReactNode;
  /**
   * Visual level, and the element (`h1`–`h4`) unless `as` says otherwise.
   */
  level: HeadingLevel;
  /**
   * The element, when the outline needs a different level than the look: a card's title that sits
   * under an `h2` is an `h3` drawn at level 2, say. Keep the outline without gaps.
   * @default `h${level}`
   */
  as?: "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
  /** Id, for the section that names itself with `aria-labelledby`. */
  id?: string;
  /** -1 lets script move focus to the heading (after a route change or a step), without a tab stop. */
  tabIndex?: -1;
  /** Ref to the heading element, e.g. to focus it. */
  ref?: Ref<HTMLHeadingElement>;
  /** Extra class for rules that are not type (a margin in a legacy layout, a maximum width). */
  className?: string;
}

/** A heading (`h1`–`h6`) in the kit's type scale: semibold, primary text, no margin. */
export function Heading({ children, level, as, className, ...rest }: HeadingProps) {
  const Element = as ?? (`h${level}` as const);
  return (
    <Element className={[styles.root, styles.level[level], className].filter(Boolean).join(" ")} {...rest}>
      {children}
    </Element>
  );
}
