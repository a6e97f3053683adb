import { Link as AriaLink, type LinkProps as AriaLinkProps, composeRenderProps } from "react-aria-components";
import { untrustedNode } from "../UntrustedText/untrustedNode.tsx";
import * as styles from "./Link.css.ts";

export interface LinkProps extends AriaLinkProps {
  /**
   * `inline` underlines within running text; `standalone` stands on its own; `quiet` takes the
   * surrounding colour.
   * @default "inline"
   */
  variant?: "inline" | "standalone" | "quiet";
}

/**
 * A link. Internal `href`s navigate through the app's router once the app wraps itself in
 * react-aria's `RouterProvider`.
 */
export function Link({ variant, className, children, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (prev) => [styles.link({ variant }), prev].filter(Boolean).join(" "))}
    >
      {/* Link text is often a record's name from the API: a plain string goes through UntrustedText. */}
      {typeof children === "function" ? children : untrustedNode(children)}
    </AriaLink>
  );
}
