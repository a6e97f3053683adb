import type { AriaAttributes, ReactNode } from "react";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import type { Space } from "../Stack/Stack.tsx";
import * as styles from "./Inline.css.ts";

const justifyContent = {
  start: "flex-start",
  center: "center",
  end: "flex-end",
  spaceBetween: "space-between",
} as const;

const alignItems = {
  stretch: "stretch",
  start: "flex-start",
  center: "center",
  end: "flex-end",
  baseline: "baseline",
} as const;

export interface InlineProps extends AriaAttributes {
  /** The items to lay out; each direct child is one item. */
  children?: ReactNode;
  /**
   * Space between children, across and (when wrapped) down, a step of the kit's space scale.
   * @default "none"
   */
  space?: Space;
  /**
   * Horizontal placement of the children; `spaceBetween` pushes the first and last to the edges.
   * @default "start"
   */
  align?: keyof typeof justifyContent;
  /**
   * Vertical alignment of the children within a line.
   * @default "stretch"
   */
  alignY?: keyof typeof alignItems;
  /**
   * Whether children move to a new line when the row runs out of width.
   * @default true
   */
  wrap?: boolean;
  /**
   * Element to render. A list (`ul`, `ol`) loses its bullets and indent; give it `li` children.
   * @default "div"
   */
  as?: "div" | "span" | "section" | "header" | "footer" | "nav" | "ul" | "ol" | "li" | "p" | "dd";
  /** Id of the root element, e.g. a target for `aria-labelledby`. */
  id?: string;
  /** ARIA role, e.g. `group` or `toolbar` for a row of related controls. */
  role?: string;
  /** Extra class for rules that are not layout (type, colour, a border). */
  className?: string;
}

/** Lays its children out in a row with a fixed space between them, wrapping onto new lines by default. */
export function Inline({
  children,
  space = "none",
  align = "start",
  alignY = "stretch",
  wrap = true,
  as: Element = "div",
  className,
  ...rest
}: InlineProps) {
  const classes = [
    styles.root,
    sprinkles({
      display: "flex",
      flexDirection: "row",
      flexWrap: wrap ? "wrap" : "nowrap",
      gap: space,
      justifyContent: justifyContent[align],
      alignItems: alignItems[alignY],
    }),
    Element === "ul" || Element === "ol" ? styles.list : undefined,
    className,
  ];
  return (
    <Element className={classes.filter(Boolean).join(" ")} {...rest}>
      {children}
    </Element>
  );
}
