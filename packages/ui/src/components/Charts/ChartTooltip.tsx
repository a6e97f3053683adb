import type { TooltipContentProps } from "recharts";
import * as styles from "./Charts.css.ts";
import type { ChartColor } from "./chartData.ts";

interface ChartTooltipProps extends Partial<TooltipContentProps> {
  formatValue: (value: number) => string;
  /** Palette slot per series label (or slice label), so the tooltip swatches match the legend. */
  colors: ReadonlyMap<string, ChartColor>;
}

/** Tooltip body in the theme's chart tooltip colours; recharts' default is hard-coded white. */
export function ChartTooltip({ active, payload, label, formatValue, colors }: ChartTooltipProps) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className={styles.tooltip}>
      {label !== undefined && label !== "" && <span className={styles.tooltipLabel}>{label}</span>}
      {payload.map((entry) => {
        const name = String(entry.name ?? entry.dataKey ?? "");
        const value = typeof entry.value === "number" ? formatValue(entry.value) : String(entry.value ?? "");
        return (
          <span key={name} className={styles.tooltipRow}>
            <span className={styles.swatch({ color: colors.get(name) ?? "series1" })} />
            {name}
            <span className={styles.tooltipValue}>{value}</span>
          </span>
        );
      })}
    </div>
  );
}
