import { assignInlineVars } from "@vanilla-extract/dynamic";
import { vars } from "../../tokens/contract.css.ts";
import * as styles from "./Charts.css.ts";
import { type ChartPaint, isToneColor } from "./chartData.ts";

/** Opacity of a part whose colour another part of the same chart already uses. */
export const fadedOpacity = 0.5;

/** The theme value of a paint: a tone draws in its badge's solid colour, a slot in the chart palette. */
export function paintFill(paint: ChartPaint): string {
  return isToneColor(paint.color) ? vars.color.tone[paint.color].solid : vars.chart[paint.color];
}

export function paintOpacity(paint: ChartPaint): number {
  return paint.isFaded ? fadedOpacity : 1;
}

/** The small square that keys a legend or tooltip row to its part of the drawing. */
export function Swatch({ paint }: { paint: ChartPaint }) {
  return (
    <span
      className={styles.swatch}
      data-color={paint.color}
      style={assignInlineVars({
        [styles.swatchFill]: paintFill(paint),
        [styles.swatchOpacity]: String(paintOpacity(paint)),
      })}
    />
  );
}
