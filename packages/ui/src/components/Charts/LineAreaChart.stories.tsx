import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameColumns, frameMaxWidth } from "../../docs/storyFrames.css.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { LineAreaChart } from "./LineAreaChart.tsx";
import { type CreditMonth, creditByMonth, dailySpend } from "./sampleData.ts";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Trends over time: one line (or filled area) per series over dates or periods, such as credits used per month.\n\n**When not to.** Don't use it for unordered categories (use `BarChart`). Keep to a few series; stacked areas hide the lower series' shape.\n\n**Accessibility.** A `role=\"img\"` with a spoken summary and a visually hidden table of every point. Series differ by colour and by legend text, never colour alone.";

const meta = {
  title: "Components/Charts/LineAreaChart",
  id: "charts-lineareachart",
  component: LineAreaChart<CreditMonth>,
  args: {
    title: "Credits by month",
    data: creditByMonth,
    xKey: "month",
    xLabel: "Month",
    series: [
      { key: "spending", label: "Spending" },
      { key: "topup", label: "Top-up" },
    ],
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof LineAreaChart<CreditMonth>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["24rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <LineAreaChart height={180} {...args} title="Line" />
      <LineAreaChart height={180} {...args} title="Area" variant="area" />
      <LineAreaChart height={180} {...args} title="Stacked area" variant="area" isStacked />
      <LineAreaChart height={180} {...args} title="Single point" data={creditByMonth.slice(0, 1)} />
      <LineAreaChart
        height={180}
        {...args}
        title="Single series"
        series={[{ key: "spending", label: "Spending", color: "series4" }]}
      />
    </div>
  ),
};

export const States: Story = {
  args: { onRetry: fn() },
  render: (args) => (
    <div className={[frameColumns["20rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <LineAreaChart {...args} title="Loading" isLoading height={200} />
      <LineAreaChart {...args} title="Empty" data={[]} height={200} />
      <LineAreaChart {...args} title="Error" error="Couldn't load the credit graph." height={200} />
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("figure", { name: "Loading: loading" })).toHaveAttribute("aria-busy", "true");
    await expect(canvas.getByText("No data to display yet.")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: /retry/i }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Stress: Story = {
  render: (args) => (
    <Stack space="xxlarge">
      <LineAreaChart
        title="90 days of spending"
        height={180}
        data={dailySpend}
        xKey="date"
        xLabel="Day"
        series={[
          { key: "networkva", label: "Network" },
          { key: "web", label: "Application" },
        ]}
        variant="area"
      />
      <div className={frameMaxWidth["18rem"]}>
        <LineAreaChart
          {...args}
          title="Narrow container"
          height={180}
          series={[
            { key: "spending", label: "Spending on every scan type across all companies" },
            { key: "topup", label: "Top-up requests approved by finance" },
          ]}
        />
      </div>
      <LineAreaChart
        {...args}
        title="Large values"
        height={180}
        data={creditByMonth.map((d) => ({ ...d, spending: d.spending * 100_000, topup: d.topup * 100_000 }))}
      />
    </Stack>
  ),
};

export const DarkTheme: Story = { globals: { theme: "dark" }, args: { variant: "area" } };

/** The chart image has a spoken summary and the numbers are in a table for screen readers. */
export const TextAlternative: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: /Line chart: Credits by month\. Spending and Top-up/ })).toBeVisible();
    const table = canvas.getByRole("table", { name: "Credits by month" });
    const rows = within(table).getAllByRole("row");
    await expect(rows).toHaveLength(creditByMonth.length + 1);
    await expect(within(table).getByRole("columnheader", { name: "Top-up" })).toBeInTheDocument();
    await expect(within(table).getByRole("rowheader", { name: "Mar" })).toBeInTheDocument();
    await expect(rows[3]).toHaveTextContent(/Mar\s*2\.400\s*5\.000/);
  },
};

/**
 * Points are joined by straight segments: a smoothed curve would overshoot between months and draw
 * peaks and dips no month had. Three points with a sharp turn make an overshoot visible.
 */
export const StraightSegments: Story = {
  args: {
    title: "Spending by month",
    data: [
      { month: "Jan", spending: 0, topup: 0 },
      { month: "Feb", spending: 4000, topup: 0 },
      { month: "Mar", spending: 4000, topup: 0 },
      { month: "Apr", spending: 0, topup: 0 },
    ],
    series: [{ key: "spending", label: "Spending" }],
  },
  render: (args) => (
    <div className={[frameColumns["20rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <LineAreaChart {...args} height={180} />
      <LineAreaChart {...args} height={180} title="Spending by month, area" variant="area" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of [/^Line chart: Spending by month\./, /^Area chart: Spending by month, area\./]) {
      const chart = canvas.getByRole("img", { name });
      await waitFor(() => expect(chart.querySelector(".recharts-curve")?.getAttribute("d")).toBeTruthy());
      // Only move-to and line-to commands: no Bézier segment (C, Q, S) anywhere in the drawn path.
      const path = chart.querySelector(".recharts-curve")?.getAttribute("d") ?? "";
      await expect(path).toMatch(/^M[\d.,\sMLZ-]+$/);
    }
  },
};
