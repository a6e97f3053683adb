import type { TooltipContentProps } from "recharts";
import * as styles from "./Charts.css.ts";
import type { ChartPaint } from "./chartData.ts";
import { Swatch } from "./chartPaint.tsx";

interface ChartTooltipProps extends Partial<TooltipContentProps> {
  formatValue: (value: number) => string;
  /** Paint per series label (or slice label), so the tooltip swatches match the legend. */
  paints: ReadonlyMap<string, ChartPaint>;
  /**
   * Key the swatch by the hovered category rather than the series (bars coloured per category).
   * @default false
   */
  isByCategory?: boolean;
}

const fallbackPaint: ChartPaint = { color: "series1", isFaded: false };

/** Tooltip body in the theme's chart tooltip colours; recharts' default is hard-coded white. */
export function ChartTooltip({ active, payload, label, formatValue, paints, isByCategory = false }: ChartTooltipProps) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <div className={styles.tooltip}>
      {label !== undefined && label !== "" && <span className={styles.tooltipLabel}>{label}</span>}
      {payload.map((entry) => {
        const name = String(entry.name ?? entry.dataKey ?? "");
        const value = typeof entry.value === "number" ? formatValue(entry.value) : String(entry.value ?? "");
        return (
          <span key={name} className={styles.tooltipRow}>
            <Swatch paint={paints.get(isByCategory ? String(label ?? "") : name) ?? fallbackPaint} />
            {name}
            <span className={styles.tooltipValue}>{value}</span>
          </span>
        );
      })}
    </div>
  );
}
