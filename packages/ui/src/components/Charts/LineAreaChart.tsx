import { Area, AreaChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { type ChartCommonProps, ChartFrame } from "./ChartFrame.tsx";
import { ChartTooltip } from "./ChartTooltip.tsx";
import {
  type ChartPaint,
  type ChartSeries,
  chartPaints,
  formatCell,
  type LabelKey,
  readLabel,
  readValue,
  seriesSlot,
  summarize,
} from "./chartData.ts";
import { paintFill } from "./chartPaint.tsx";
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
  /**
   * Allows fractional value ticks. Set it to false for counts, so the axis never reads "0.5 scans".
   * @default true
   */
  allowDecimals?: boolean;
}

const fallback: ChartPaint = { color: "series1", isFaded: false };

/** Trends over time: one line (or filled area) per series over categorical x labels. */
export function LineAreaChart<TDatum extends object>({
  data,
  xKey,
  xLabel,
  series,
  variant = "line",
  isStacked = false,
  allowDecimals = true,
  title,
  description,
  height = 280,
  formatValue,
  ...states
}: LineAreaChartProps<TDatum>) {
  const format = useValueFormatter(formatValue);
  const formatTick = useCompactFormatter();
  const paints = chartPaints(series.map((s, index) => seriesSlot(index, s.color)));
  const tooltipPaints = new Map(series.map((s, index) => [s.label, paints[index] ?? fallback]));
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
      legend={series.map((s, index) => ({ label: s.label, paint: paints[index] ?? fallback }))}
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
        <YAxis
          tickFormatter={formatTick}
          allowDecimals={allowDecimals}
          tickLine={false}
          axisLine={false}
          width="auto"
        />
        <Tooltip content={<ChartTooltip formatValue={format} paints={tooltipPaints} />} isAnimationActive={false} />
        {series.map((s, index) => {
          const paint = paints[index] ?? fallback;
          const color = paintFill(paint);
          return variant === "area" ? (
            <Area
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={color}
              strokeWidth={2}
              fill={color}
              fillOpacity={paint.isFaded ? 0.08 : 0.15}
              stackId={isStacked ? "stack" : undefined}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={color}
              strokeWidth={2}
              strokeOpacity={paint.isFaded ? 0.5 : 1}
              dot={data.length <= 1}
              isAnimationActive={false}
            />
          );
        })}
      </Chart>
    </ChartFrame>
  );
}
