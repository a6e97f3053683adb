import { Bar, CartesianGrid, Cell, BarChart as RechartsBarChart, Tooltip, XAxis, YAxis } from "recharts";
import { type ChartCommonProps, ChartFrame } from "./ChartFrame.tsx";
import { ChartTooltip } from "./ChartTooltip.tsx";
import {
  type ChartColor,
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
import { paintFill, paintOpacity } from "./chartPaint.tsx";
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
  /**
   * Allows fractional value ticks. Set it to false for counts, so the axis never reads "0.5 findings".
   * @default true
   */
  allowDecimals?: boolean;
  /**
   * One colour per datum, in data order, for a single series whose categories have meaning of their
   * own (severities in their badge tones). The axis then names the bars and the legend is left out.
   */
  categoryColors?: readonly ChartColor[];
}

const fallback: ChartPaint = { color: "series1", isFaded: false };

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
  allowDecimals = true,
  categoryColors,
  title,
  description,
  height = 280,
  formatValue,
  ...states
}: CartesianBarsProps<TDatum>) {
  const format = useValueFormatter(formatValue);
  const formatTick = useCompactFormatter();
  const categories = data.map((datum) => readLabel(datum, xKey));
  const paints = chartPaints(series.map((s, index) => seriesSlot(index, s.color)));
  const categoryPaints = categoryColors
    ? chartPaints(data.map((_, index) => seriesSlot(index, categoryColors[index])))
    : null;
  const tooltipPaints = new Map(
    categoryPaints
      ? categories.map((category, index) => [category, categoryPaints[index] ?? fallback])
      : series.map((s, index) => [s.label, paints[index] ?? fallback]),
  );
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
      legend={categoryPaints ? [] : series.map((s, index) => ({ label: s.label, paint: paints[index] ?? fallback }))}
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
            <XAxis
              type="number"
              tickFormatter={formatTick}
              allowDecimals={allowDecimals}
              tickLine={false}
              axisLine={false}
            />
            <YAxis type="category" dataKey={xKey} tickLine={false} width="auto" />
          </>
        ) : (
          <>
            <XAxis dataKey={xKey} tickLine={false} minTickGap={4} />
            <YAxis
              tickFormatter={formatTick}
              allowDecimals={allowDecimals}
              tickLine={false}
              axisLine={false}
              width="auto"
            />
          </>
        )}
        <Tooltip
          content={<ChartTooltip formatValue={format} paints={tooltipPaints} isByCategory={categoryPaints !== null} />}
          isAnimationActive={false}
        />
        {series.map((s, index) => {
          // Only the outermost segment of a stack gets rounded corners.
          const isRounded = !isStacked || index === lastIndex;
          const radius = isRounded ? 3 : 0;
          const paint = paints[index] ?? fallback;
          return (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={paintFill(paint)}
              fillOpacity={paintOpacity(paint)}
              stackId={isStacked ? "stack" : undefined}
              radius={isHorizontal ? [0, radius, radius, 0] : [radius, radius, 0, 0]}
              maxBarSize={48}
              isAnimationActive={false}
            >
              {categoryPaints?.map((categoryPaint, datumIndex) => (
                <Cell
                  // biome-ignore lint/suspicious/noArrayIndexKey: one cell per datum, in data order
                  key={datumIndex}
                  fill={paintFill(categoryPaint)}
                  fillOpacity={paintOpacity(categoryPaint)}
                />
              ))}
            </Bar>
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
