import type { AriaAttributes, ReactNode } from "react";
import type { vars } from "../../tokens/contract.css.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import * as styles from "./Stack.css.ts";

/** A step of the kit's space scale (`vars.space`). */
export type Space = keyof typeof vars.space;

const alignItems = {
  stretch: "stretch",
  start: "flex-start",
  center: "center",
  end: "flex-end",
} as const;

export interface StackProps extends AriaAttributes {
  /** The items to lay out; each direct child is one item. */
  children?: ReactNode;
  /**
   * Space between children, a step of the kit's space scale.
   * @default "none"
   */
  space?: Space;
  /**
   * Horizontal alignment of the children. `stretch` gives each child the stack's full width.
   * @default "stretch"
   */
  align?: keyof typeof alignItems;
  /**
   * Draws a subtle rule between children, with `space` on both sides of it.
   * @default false
   */
  dividers?: boolean;
  /**
   * Element to render. A list (`ul`, `ol`) loses its bullets and indent; give it `li` children.
   * @default "div"
   */
  as?: "div" | "section" | "article" | "aside" | "header" | "footer" | "nav" | "ul" | "ol" | "li" | "dl" | "dd";
  /** Id of the root element, e.g. a target for `aria-labelledby` or an in-page link. */
  id?: string;
  /** ARIA role, for the rare stack that is a landmark or group without a matching element. */
  role?: string;
  /** Extra class for rules that are not layout (type, colour, a maximum width). */
  className?: string;
}

/** Lays its children out in a column with a fixed space between them. */
export function Stack({
  children,
  space = "none",
  align = "stretch",
  dividers = false,
  as: Element = "div",
  className,
  ...rest
}: StackProps) {
  const classes = [
    styles.root,
    sprinkles({ display: "flex", flexDirection: "column", gap: space, alignItems: alignItems[align] }),
    Element === "ul" || Element === "ol" ? styles.list : undefined,
    dividers ? `${styles.dividers} ${styles.dividerSpace[space]}` : undefined,
    className,
  ];
  return (
    <Element className={classes.filter(Boolean).join(" ")} {...rest}>
      {children}
    </Element>
  );
}
