import { type ReactNode, useEffect } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps } from "react-aria-components";
import { checkStylesheetOnce } from "../../tokens/stylesheetCheck.ts";
import { Spinner } from "../Spinner/Spinner.tsx";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./Button.css.ts";

export interface ButtonProps extends AriaButtonProps {
  /**
   * Visual weight of the button.
   * @default "solid"
   */
  variant?: RecipeVariant<typeof styles.button, "variant">;
  /**
   * Height, padding and text size.
   * @default "medium"
   */
  size?: RecipeVariant<typeof styles.button, "size">;
  /**
   * Stretches the button to its container's width.
   * @default false
   */
  fullWidth?: RecipeVariant<typeof styles.button, "fullWidth">;
  /** Icon shown before the label. */
  icon?: ReactNode;
  /**
   * Accessible name of the spinner shown while `isPending`.
   * @default "Loading"
   */
  pendingLabel?: string;
}

/**
 * An action button. While `isPending` it keeps its width, shows a spinner, and react-aria keeps focus
 * on it and announces the pending state.
 */
export function Button({
  variant,
  size,
  fullWidth,
  icon,
  pendingLabel = "Loading",
  className,
  children,
  ...props
}: ButtonProps) {
  // Buttons are on almost every page, so a forgotten stylesheet is reported even without a provider.
  useEffect(() => checkStylesheetOnce(), []);
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (prev) =>
        [styles.button({ variant, size, fullWidth }), prev].filter(Boolean).join(" "),
      )}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <span className={styles.content}>
          {isPending ? (
            <span className={styles.pendingSpinner}>
              <Spinner aria-label={pendingLabel} />
            </span>
          ) : null}
          <span className={isPending ? styles.pendingLabel : styles.content}>
            {icon ? (
              <span className={styles.icon} aria-hidden="true">
                {icon}
              </span>
            ) : null}
            {content}
          </span>
        </span>
      ))}
    </AriaButton>
  );
}
