import type { ReactNode, Ref } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps } from "react-aria-components";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./IconButton.css.ts";

export interface IconButtonProps extends Omit<AriaButtonProps, "children"> {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  "aria-label": string;
  /** The icon, usually a lucide-react component element. */
  icon: ReactNode;
  /**
   * `ghost` has no border or fill at rest; `outline` has a border on a raised surface.
   * @default "ghost"
   */
  variant?: RecipeVariant<typeof styles.iconButton, "variant">;
  /**
   * Size of the square button.
   * @default "medium"
   */
  size?: RecipeVariant<typeof styles.iconButton, "size">;
  /** The button element, e.g. to move focus to it. */
  ref?: Ref<HTMLButtonElement>;
}

/** A button that shows only an icon. */
export function IconButton({ icon, variant, size, className, ...props }: IconButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (prev) =>
        [styles.iconButton({ variant, size }), prev].filter(Boolean).join(" "),
      )}
    >
      <span aria-hidden="true" className={styles.glyph}>
        {icon}
      </span>
    </AriaButton>
  );
}
