import { Link as AriaLink, type LinkProps as AriaLinkProps, composeRenderProps } from "react-aria-components";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./Link.css.ts";

export interface LinkProps extends AriaLinkProps {
  /**
   * `inline` underlines within running text; `standalone` stands on its own; `quiet` takes the
   * surrounding colour.
   * @default "inline"
   */
  variant?: RecipeVariant<typeof styles.link, "variant">;
}

/**
 * A link. Internal `href`s navigate through the app's router once the app wraps itself in
 * react-aria's `RouterProvider`.
 */
export function Link({ variant, className, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (prev) => [styles.link({ variant }), prev].filter(Boolean).join(" "))}
    />
  );
}
