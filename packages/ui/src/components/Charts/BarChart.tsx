import { Bar, CartesianGrid, BarChart as RechartsBarChart, Tooltip, XAxis, YAxis } from "recharts";
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

export interface BarChartProps<TDatum extends object> extends ChartCommonProps {
  /** One datum per category, e.g. one company or one month. */
  data: readonly TDatum[];
  /** Field holding each category's label. */
  xKey: LabelKey<TDatum>;
  /** Header of the category column in the data table, e.g. "Company". */
  xLabel: string;
  /** Series to draw, each reading one numeric field. */
  series: readonly ChartSeries<TDatum>[];
  /**
   * `vertical` draws columns rising from the x axis; `horizontal` draws bars from the left,
   * which suits long category names.
   * @default "vertical"
   */
  orientation?: "vertical" | "horizontal";
}

interface CartesianBarsProps<TDatum extends object> extends BarChartProps<TDatum> {
  isStacked: boolean;
}

function CartesianBars<TDatum extends object>({
  data,
  xKey,
  xLabel,
  series,
  orientation = "vertical",
  isStacked,
  title,
  description,
  height = 280,
  formatValue,
  ...states
}: CartesianBarsProps<TDatum>) {
  const format = useValueFormatter(formatValue);
  const formatTick = useCompactFormatter();
  const slots = series.map((s, index) => seriesSlot(index, s.color));
  const colors = new Map(series.map((s, index) => [s.label, slots[index] ?? "series1"]));
  const categories = data.map((datum) => readLabel(datum, xKey));
  const rows = data.map((datum, index) => ({
    key: `${index}-${categories[index]}`,
    cells: [categories[index] ?? "", ...series.map((s) => formatCell(readValue(datum, s.key), format))],
  }));
  const isHorizontal = orientation === "horizontal";
  const lastIndex = series.length - 1;

  return (
    <ChartFrame
      {...states}
      title={title}
      kind={isStacked ? "Stacked bar chart" : "Bar chart"}
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
      <RechartsBarChart
        data={data as TDatum[]}
        width="100%"
        height={height}
        responsive
        layout={isHorizontal ? "vertical" : "horizontal"}
        accessibilityLayer={false}
        margin={{ top: 12, right: 16, bottom: 0, left: 4 }}
        barCategoryGap="20%"
      >
        <CartesianGrid vertical={isHorizontal} horizontal={!isHorizontal} />
        {isHorizontal ? (
          <>
            <XAxis type="number" tickFormatter={formatTick} tickLine={false} axisLine={false} />
            <YAxis type="category" dataKey={xKey} tickLine={false} width="auto" />
          </>
        ) : (
          <>
            <XAxis dataKey={xKey} tickLine={false} minTickGap={4} />
            <YAxis tickFormatter={formatTick} tickLine={false} axisLine={false} width="auto" />
          </>
        )}
        <Tooltip content={<ChartTooltip formatValue={format} colors={colors} />} isAnimationActive={false} />
        {series.map((s, index) => {
          // Only the outermost segment of a stack gets rounded corners.
          const isRounded = !isStacked || index === lastIndex;
          const radius = isRounded ? 3 : 0;
          return (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={vars.chart[slots[index] ?? "series1"]}
              stackId={isStacked ? "stack" : undefined}
              radius={isHorizontal ? [0, radius, radius, 0] : [radius, radius, 0, 0]}
              maxBarSize={48}
              isAnimationActive={false}
            />
          );
        })}
      </RechartsBarChart>
    </ChartFrame>
  );
}

/** Compares categories: one bar per series side by side in each category. */
export function BarChart<TDatum extends object>(props: BarChartProps<TDatum>) {
  return <CartesianBars {...props} isStacked={false} />;
}

export type StackedBarChartProps<TDatum extends object> = BarChartProps<TDatum>;

/** Shows a total and its parts: series stacked into one bar per category. */
export function StackedBarChart<TDatum extends object>(props: StackedBarChartProps<TDatum>) {
  return <CartesianBars {...props} isStacked />;
}
