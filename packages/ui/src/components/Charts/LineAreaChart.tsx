import { Area, AreaChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { vars } from "../../tokens/contract.css.ts";
import { type ChartCommonProps, ChartFrame } from "./ChartFrame.tsx";
import { ChartTooltip } from "./ChartTooltip.tsx";
import {
  type ChartSeries,
  formatCell,
  type LabelKey,
  readLabel,
  readValue,
  seriesSlot,
  summarize,
} from "./chartData.ts";
import { useCompactFormatter, useValueFormatter } from "./useValueFormatter.ts";

export interface LineAreaChartProps<TDatum extends object> extends ChartCommonProps {
  /** One datum per x position, e.g. the API's credit graph by month. */
  data: readonly TDatum[];
  /** Field holding the x label of each datum. */
  xKey: LabelKey<TDatum>;
  /** Header of the x column in the data table, e.g. "Month". */
  xLabel: string;
  /** Series to draw, each reading one numeric field. */
  series: readonly ChartSeries<TDatum>[];
  /**
   * Lines, or lines with a tinted area beneath.
   * @default "line"
   */
  variant?: "line" | "area";
  /**
   * Stacks the areas on top of each other (area variant only).
   * @default false
   */
  isStacked?: boolean;
}

/** Trends over time: one line (or filled area) per series over categorical x labels. */
export function LineAreaChart<TDatum extends object>({
  data,
  xKey,
  xLabel,
  series,
  variant = "line",
  isStacked = false,
  title,
  description,
  height = 280,
  formatValue,
  ...states
}: LineAreaChartProps<TDatum>) {
  const format = useValueFormatter(formatValue);
  const formatTick = useCompactFormatter();
  const slots = series.map((s, index) => seriesSlot(index, s.color));
  const colors = new Map(series.map((s, index) => [s.label, slots[index] ?? "series1"]));
  const categories = data.map((datum) => readLabel(datum, xKey));
  const rows = data.map((datum, index) => ({
    key: `${index}-${categories[index]}`,
    cells: [categories[index] ?? "", ...series.map((s) => formatCell(readValue(datum, s.key), format))],
  }));

  const Chart = variant === "area" ? AreaChart : LineChart;
  return (
    <ChartFrame
      {...states}
      title={title}
      kind={variant === "area" ? "Area chart" : "Line chart"}
      summary={
        description ??
        summarize(
          series.map((s) => s.label),
          categories,
        )
      }
      height={height}
      isEmpty={data.length === 0 || series.length === 0}
      legend={series.map((s, index) => ({ label: s.label, color: slots[index] ?? "series1" }))}
      table={{ headers: [xLabel, ...series.map((s) => s.label)], rows }}
    >
      <Chart
        data={data as TDatum[]}
        width="100%"
        height={height}
        responsive
        accessibilityLayer={false}
        margin={{ top: 12, right: 16, bottom: 0, left: 4 }}
      >
        <CartesianGrid vertical={false} />
        <XAxis dataKey={xKey} tickLine={false} minTickGap={8} />
        <YAxis tickFormatter={formatTick} tickLine={false} axisLine={false} width="auto" />
        <Tooltip content={<ChartTooltip formatValue={format} colors={colors} />} isAnimationActive={false} />
        {series.map((s, index) => {
          const color = vars.chart[slots[index] ?? "series1"];
          return variant === "area" ? (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={color}
              strokeWidth={2}
              fill={color}
              fillOpacity={0.15}
              stackId={isStacked ? "stack" : undefined}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={color}
              strokeWidth={2}
              dot={data.length <= 1}
              isAnimationActive={false}
            />
          );
        })}
      </Chart>
    </ChartFrame>
  );
}
