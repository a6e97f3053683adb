import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./Skeleton.css.ts";

export interface SkeletonProps {
  /**
   * Shape of the placeholder: a text line, a rectangular block, or a circle (avatar).
   * @default "line"
   */
  variant?: RecipeVariant<typeof styles.skeleton, "variant">;
  /** Any CSS length (e.g. "60%", "12rem"); each variant has a sensible default. */
  width?: string;
  /** Any CSS length; a circle uses `width` when only that is given. */
  height?: string;
  /**
   * Number of text lines; the last one is shorter. Only for `line`.
   * @default 1
   */
  lines?: number;
  /** Extra class on the placeholder, for layout by the parent. */
  className?: string;
}

/**
 * A placeholder shown while content loads. Hidden from assistive technology: the loading region
 * itself carries `aria-busy` and a label, so screen readers are not read a list of empty shapes.
 */
export function Skeleton({ variant = "line", width, height, lines = 1, className }: SkeletonProps) {
  const resolvedHeight = height ?? (variant === "circle" ? width : undefined);
  const sizeVars = assignInlineVars({
    ...(width ? { [styles.widthVar]: width } : {}),
    ...(resolvedHeight ? { [styles.heightVar]: resolvedHeight } : {}),
  });
  const shape = [styles.skeleton({ variant }), className].filter(Boolean).join(" ");

  if (variant === "line" && lines > 1) {
    return (
      <span className={styles.lines} aria-hidden="true" data-skeleton="lines">
        {Array.from({ length: lines }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity.
            key={index}
            className={[shape, index === lines - 1 ? styles.lastLine : undefined].filter(Boolean).join(" ")}
            style={index === lines - 1 ? undefined : sizeVars}
          />
        ))}
      </span>
    );
  }
  return <span className={shape} style={sizeVars} aria-hidden="true" data-skeleton={variant} />;
}
