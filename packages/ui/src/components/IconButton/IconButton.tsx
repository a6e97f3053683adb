import type { ReactNode } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps } from "react-aria-components";
import * as styles from "./IconButton.css.ts";

export interface IconButtonProps extends Omit<AriaButtonProps, "children"> {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  "aria-label": string;
  /** The icon, usually a lucide-react component element. */
  icon: ReactNode;
  /** @default "ghost" */
  variant?: "ghost" | "outline";
  /** @default "medium" */
  size?: "small" | "medium";
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
