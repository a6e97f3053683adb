import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { ReactNode } from "react";
import {
  ProgressBar as AriaProgressBar,
  type ProgressBarProps as AriaProgressBarProps,
  composeRenderProps,
  Label,
} from "react-aria-components";
import { formatPercent } from "../../format/number.ts";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./ProgressBar.css.ts";

export interface ProgressBarProps
  extends Omit<AriaProgressBarProps, "children" | "minValue" | "maxValue" | "value" | "isIndeterminate"> {
  /** Completion in percent, 0–100; values outside are clamped and missing values count as 0. */
  value?: number | null;
  /** Visible label; without it pass `aria-label`. */
  label?: ReactNode;
  /**
   * Text shown and announced instead of the percentage, e.g. "12 of 40 done, 2 failed".
   * The percentage stays visible next to the bar.
   */
  valueLabel?: string;
  /**
   * Semantic tone of the filled part.
   * @default "info"
   */
  tone?: RecipeVariant<typeof styles.fill, "tone">;
  /**
   * Shows the percentage at the end of the label row.
   * @default true
   */
  showValue?: boolean;
}

function clampPercent(value: number | null | undefined): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** Determinate progress in percent (react-aria `ProgressBar`: role, value and label come from it). */
export function ProgressBar({
  value,
  label,
  valueLabel,
  tone,
  showValue = true,
  className,
  ...props
}: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <AriaProgressBar
      {...props}
      value={percent}
      minValue={0}
      maxValue={100}
      valueLabel={valueLabel}
      data-tone={tone ?? "info"}
      className={composeRenderProps(className, (prev) => [styles.root, prev].filter(Boolean).join(" "))}
    >
      {({ percentage = 0 }) => (
        <>
          {label ? <Label className={styles.label}>{label}</Label> : null}
          {showValue ? (
            <span className={styles.value} aria-hidden="true">
              {formatPercent(percentage)}
            </span>
          ) : null}
          <div className={styles.track}>
            <div
              className={styles.fill({ tone })}
              style={assignInlineVars({ [styles.percentVar]: `${percentage}%` })}
            />
          </div>
          {valueLabel ? (
            <span className={styles.detail} aria-hidden="true">
              {valueLabel}
            </span>
          ) : null}
        </>
      )}
    </AriaProgressBar>
  );
}
