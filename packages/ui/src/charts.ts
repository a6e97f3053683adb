// Charts entry point (`@sentinel/ui/charts`): recharts loads only for apps that import from here.
export {
  BarChart,
  type BarChartProps,
  StackedBarChart,
  type StackedBarChartProps,
} from "./components/Charts/BarChart.tsx";
export type { ChartCommonProps } from "./components/Charts/ChartFrame.tsx";
export type { ChartColor, ChartSeries } from "./components/Charts/chartData.ts";
export { DonutChart, type DonutChartProps } from "./components/Charts/DonutChart.tsx";
export { LineAreaChart, type LineAreaChartProps } from "./components/Charts/LineAreaChart.tsx";
