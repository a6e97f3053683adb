import { Cell, Pie, PieChart, Tooltip } from "recharts";
import { formatPercent } from "../../format/number.ts";
import { vars } from "../../tokens/contract.css.ts";
import { type ChartCommonProps, ChartFrame } from "./ChartFrame.tsx";
import * as styles from "./Charts.css.ts";
import { ChartTooltip } from "./ChartTooltip.tsx";
import {
  type ChartColor,
  chartPaints,
  type LabelKey,
  readLabel,
  readValue,
  seriesSlot,
  type ValueKey,
} from "./chartData.ts";
import { paintFill, paintOpacity } from "./chartPaint.tsx";
import { useValueFormatter } from "./useValueFormatter.ts";

export interface DonutChartProps<TDatum extends object> extends ChartCommonProps {
  /** One datum per slice, e.g. findings per severity. */
  data: readonly TDatum[];
  /** Field holding each slice's label. */
  labelKey: LabelKey<TDatum>;
  /** Field holding each slice's value. */
  valueKey: ValueKey<TDatum>;
  /** Header of the label column in the data table, e.g. "Severity". */
  labelHeader: string;
  /** Header of the value column in the data table, e.g. "Findings". */
  valueHeader: string;
  /**
   * Colour per slice, in data order: a palette slot, or a tone for slices with meaning (a status in
   * its badge's tone). Defaults to the palette in order.
   */
  colors?: readonly ChartColor[];
  /**
   * Caption under the total in the hole; the total is hidden when this is null.
   * @default "Total"
   */
  centerLabel?: string | null;
}

/** Parts of a whole: one slice per datum, with the total in the middle. */
export function DonutChart<TDatum extends object>({
  data,
  labelKey,
  valueKey,
  labelHeader,
  valueHeader,
  colors,
  centerLabel = "Total",
  title,
  description,
  height = 240,
  formatValue,
  ...states
}: DonutChartProps<TDatum>) {
  const format = useValueFormatter(formatValue);
  const paints = chartPaints(data.map((_, index) => seriesSlot(index, colors?.[index])));
  const slices = data.map((datum, index) => ({
    label: readLabel(datum, labelKey),
    value: readValue(datum, valueKey) ?? 0,
    paint: paints[index] ?? { color: "series1" as const, isFaded: false },
  }));
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const percent = (value: number) => formatPercent(total > 0 ? (value / total) * 100 : 0);
  const summary =
    description ??
    `${slices.map((slice) => `${slice.label} ${format(slice.value)} (${percent(slice.value)})`).join(", ")}. ${
      centerLabel ?? "Total"
    } ${format(total)}.`;

  return (
    <ChartFrame
      {...states}
      title={title}
      kind="Donut chart"
      summary={summary}
      height={height}
      // A donut of zeros has nothing to show; the empty state says so instead of an invisible ring.
      isEmpty={total <= 0}
      legend={slices.map((slice) => ({ label: slice.label, paint: slice.paint }))}
      table={{
        headers: [labelHeader, valueHeader, "Share"],
        rows: slices.map((slice, index) => ({
          key: `${index}-${slice.label}`,
          cells: [slice.label, format(slice.value), percent(slice.value)],
        })),
      }}
      overlay={
        centerLabel === null ? null : (
          <div className={styles.donutCenter}>
            <span className={styles.donutTotal}>{format(total)}</span>
            <span className={styles.donutCaption}>{centerLabel}</span>
          </div>
        )
      }
    >
      <PieChart width="100%" height={height} responsive accessibilityLayer={false}>
        <Tooltip
          content={<ChartTooltip formatValue={format} paints={new Map(slices.map((s) => [s.label, s.paint]))} />}
          isAnimationActive={false}
        />
        <Pie
          data={slices}
          dataKey="value"
          nameKey="label"
          innerRadius="62%"
          outerRadius="90%"
          paddingAngle={slices.length > 1 ? 1 : 0}
          stroke={vars.color.surface.raised}
          isAnimationActive={false}
        >
          {slices.map((slice, index) => (
            <Cell
              // biome-ignore lint/suspicious/noArrayIndexKey: slices are positional; labels may repeat
              key={`${index}-${slice.label}`}
              fill={paintFill(slice.paint)}
              fillOpacity={paintOpacity(slice.paint)}
            />
          ))}
        </Pie>
      </PieChart>
    </ChartFrame>
  );
}
