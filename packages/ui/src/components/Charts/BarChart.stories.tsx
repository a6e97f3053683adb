import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameColumns, frameMaxWidth } from "../../docs/storyFrames.css.ts";
import type { Severity } from "../../tokens/domain.ts";
import { severityTones } from "../../tokens/domain.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import { SeverityBadge } from "../SeverityBadge/SeverityBadge.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { BarChart, StackedBarChart } from "./BarChart.tsx";
import { creditByMonth, type ServiceSpend, serviceSeries, spendByCompany } from "./sampleData.ts";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** Comparing amounts across categories (findings per severity, spend per service); `StackedBarChart` when the parts of each total matter.\n\n**When not to.** Don\'t use it for trends over time (use `LineAreaChart`) or for parts of one whole (use `DonutChart`). Avoid more than six series.\n\n**Accessibility.** The drawing is one `role="img"` with a spoken summary, and the numbers are in a visually hidden table, so every value is reachable without seeing the bars. Colours come from `chart.*` tokens; the Colours page lists their contrast on the card.';

const meta = {
  title: "Components/Charts/BarChart",
  id: "charts-barchart",
  component: BarChart<ServiceSpend>,
  args: {
    title: "Credit spent per company",
    data: spendByCompany,
    xKey: "label",
    xLabel: "Company",
    series: serviceSeries.slice(0, 3),
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof BarChart<ServiceSpend>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["24rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <BarChart height={180} {...args} title="Grouped columns" />
      <BarChart height={180} {...args} title="Grouped bars" orientation="horizontal" />
      <StackedBarChart height={180} {...args} title="Stacked columns" series={serviceSeries} />
      <StackedBarChart height={180} {...args} title="Stacked bars" series={serviceSeries} orientation="horizontal" />
      <BarChart
        height={180}
        title="Single series"
        data={creditByMonth}
        xKey="month"
        xLabel="Month"
        series={[{ key: "spending", label: "Spending", color: "series3" }]}
      />
    </div>
  ),
};

export const States: Story = {
  args: { onRetry: fn() },
  render: (args) => (
    <div className={[frameColumns["20rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <BarChart {...args} title="Loading" isLoading height={200} />
      <StackedBarChart {...args} title="Empty" data={[]} height={200} emptyMessage="No spending this period." />
      <BarChart {...args} title="Error" error height={200} />
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No spending this period.")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: /retry/i }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Stress: Story = {
  render: (args) => (
    <Stack space="xxlarge">
      <StackedBarChart
        {...args}
        title="Many companies, long names"
        series={serviceSeries}
        orientation="horizontal"
        height={360}
        data={Array.from({ length: 14 }, (_, i) => ({
          ...(spendByCompany[i % spendByCompany.length] as ServiceSpend),
          label: `${(spendByCompany[i % spendByCompany.length] as ServiceSpend).label} International Holdings ${i + 1}`,
        }))}
      />
      <div className={frameMaxWidth["18rem"]}>
        <BarChart {...args} title="Narrow container" height={180} series={serviceSeries} />
      </div>
    </Stack>
  ),
};

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: (args) => <StackedBarChart {...args} series={serviceSeries} />,
};

/** The bars' numbers are in a table for screen readers, one row per company. */
export const TextAlternative: Story = {
  render: (args) => <StackedBarChart {...args} series={serviceSeries} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: /^Stacked bar chart: Credit spent per company\./ })).toBeVisible();
    const table = canvas.getByRole("table", { name: "Credit spent per company" });
    await expect(within(table).getAllByRole("row")).toHaveLength(spendByCompany.length + 1);
    await expect(within(table).getAllByRole("columnheader")).toHaveLength(serviceSeries.length + 1);
    const globex = within(table).getByRole("rowheader", { name: "Globex" }).closest("tr");
    await expect(globex).toHaveTextContent(/Globex\s*900\s*1\.100\s*200\s*700\s*150/);
  },
};

const severityCounts = [
  { severity: "HIGH", label: "High", count: 1 },
  { severity: "MEDIUM", label: "Medium", count: 3 },
  { severity: "LOW", label: "Low", count: 2 },
  { severity: "INFO", label: "Info", count: 1 },
  { severity: "LOG", label: "Log", count: 1 },
] as const satisfies readonly { severity: Severity; label: string; count: number }[];

/**
 * Counts of findings per severity: few enough that a default axis would tick 0.5, 1.5; each bar is
 * in its severity badge's colour (Log shares Info's neutral tone, drawn faded to stay apart).
 */
export const SeverityCounts: Story = {
  render: () => (
    <Stack space="large">
      <BarChart
        title="Findings by severity"
        data={severityCounts}
        xKey="label"
        xLabel="Severity"
        series={[{ key: "count", label: "Findings" }]}
        categoryColors={severityCounts.map((d) => severityTones[d.severity].tone)}
        allowDecimals={false}
        height={200}
      />
      <Inline space="small">
        {severityCounts.map((d) => (
          <SeverityBadge key={d.severity} severity={d.severity} weight="solid" />
        ))}
      </Inline>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = canvas.getByRole("img", { name: /^Bar chart: Findings by severity\./ });
    // The plot draws once it has measured its container.
    await waitFor(() => expect(valueTicks(chart, "y").length).toBeGreaterThan(1));
    const ticks = valueTicks(chart, "y");
    await expect(ticks.filter((tick) => !/^\d+$/.test(tick))).toEqual([]);
    // The table is the text alternative, and says the counts as whole numbers too.
    const table = canvas.getByRole("table", { name: "Findings by severity" });
    await expect(within(table).getByRole("rowheader", { name: "Medium" }).closest("tr")).toHaveTextContent(
      /Medium\s*3/,
    );
    // Each bar has its badge's colour; the legend would repeat the axis, so there is none.
    const bars = [...chart.querySelectorAll(".recharts-bar-rectangle .recharts-rectangle")];
    await expect(bars).toHaveLength(severityCounts.length);
    for (const [index, d] of severityCounts.entries()) {
      const badge = canvasElement.querySelector(`[data-severity="${d.severity}"]`) as Element;
      await expect(getComputedStyle(bars[index] as Element).fill).toBe(getComputedStyle(badge).backgroundColor);
    }
    await expect(bars[3]?.getAttribute("fill-opacity")).toBe("1");
    await expect(bars[4]?.getAttribute("fill-opacity")).toBe("0.5");
  },
};

/** Tick labels of a chart's value axis, as drawn. */
function valueTicks(chart: HTMLElement, axis: "x" | "y"): string[] {
  return [...chart.querySelectorAll(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`)].map(
    (tick) => tick.textContent ?? "",
  );
}
