import type { ComponentPropsWithoutRef, ReactNode } from "react";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import { untrustedNode } from "../UntrustedText/untrustedNode.tsx";
import * as styles from "./Badge.css.ts";

export interface BadgeProps extends Omit<ComponentPropsWithoutRef<"span">, "children"> {
  /** Text of the badge; `children` is used when no label is given. */
  label?: ReactNode;
  /** The text when `label` is not given, as in any element. */
  children?: ReactNode;
  /**
   * Semantic tone; the spec's "default gray" is `neutral`.
   * @default "neutral"
   */
  tone?: RecipeVariant<typeof styles.badge, "tone">;
  /**
   * How strongly the tone paints the badge: `subtle` is a tinted fill, `outlined` a transparent fill with
   * a tone-coloured border, `solid` a full tone fill with contrasting text.
   * @default "subtle"
   */
  weight?: RecipeVariant<typeof styles.badge, "weight">;
  /**
   * Text size and padding.
   * @default "small"
   */
  size?: RecipeVariant<typeof styles.badge, "size">;
}

/** A short, non-interactive label that classifies something by tone. */
export function Badge({ label, children, tone, weight, size, className, ...props }: BadgeProps) {
  return (
    <span
      {...props}
      data-tone={tone ?? "neutral"}
      className={[styles.badge({ tone, weight, size }), className].filter(Boolean).join(" ")}
    >
      <span className={styles.label}>{untrustedNode(label ?? children)}</span>
    </span>
  );
}
