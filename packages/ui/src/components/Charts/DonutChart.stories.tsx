import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameColumns, frameMaxWidth } from "../../docs/storyFrames.css.ts";
import { type FindingStatus, findingStatusTones } from "../../tokens/domain.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { StatusBadge } from "../StatusBadge/StatusBadge.tsx";
import { DonutChart } from "./DonutChart.tsx";
import { findingsBySeverity, type SeverityCount } from "./sampleData.ts";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** Parts of one whole with few parts (up to six), with the total in the middle: findings by status.\n\n**When not to.** Don\'t use it to compare values that are close in size, or for changes over time. Many small slices? Use a `BarChart`.\n\n**Accessibility.** A `role="img"` with a spoken summary plus a visually hidden table of the values; the legend is text. Never rely on slice colour alone: the legend and table name every part.';

const meta = {
  title: "Components/Charts/DonutChart",
  id: "charts-donutchart",
  component: DonutChart<SeverityCount>,
  args: {
    title: "Findings by severity",
    data: findingsBySeverity,
    labelKey: "severity",
    valueKey: "count",
    labelHeader: "Severity",
    valueHeader: "Findings",
    colors: ["critical", "caution", "info", "neutral", "neutral"],
    centerLabel: "Findings",
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof DonutChart<SeverityCount>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["16rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <DonutChart {...args} height={180} title="With total" />
      <DonutChart {...args} height={180} title="Without total" centerLabel={null} />
      <DonutChart {...args} height={180} title="Default palette" colors={undefined} />
      <DonutChart {...args} height={180} title="One slice" data={[{ severity: "High", count: 3 }]} />
    </div>
  ),
};

export const States: Story = {
  args: { onRetry: fn() },
  render: (args) => (
    <div className={[frameColumns["16rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <DonutChart {...args} title="Loading" isLoading />
      <DonutChart {...args} title="All zero" data={findingsBySeverity.map((d) => ({ ...d, count: 0 }))} />
      <DonutChart {...args} title="Error" error="Couldn't load findings." />
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No data to display yet.")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: /retry/i }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Stress: Story = {
  render: (args) => (
    <div className={[frameColumns["14rem"], sprinkles({ gap: "xxlarge" })].join(" ")}>
      <div className={frameMaxWidth["14rem"]}>
        <DonutChart {...args} title="Narrow" />
      </div>
      <DonutChart
        {...args}
        title="Many slices, long labels"
        colors={undefined}
        data={Array.from({ length: 9 }, (_, i) => ({
          severity: `Category with a rather long name number ${i + 1}`,
          count: (i + 1) * 1_234_567,
        }))}
      />
    </div>
  ),
};

export const DarkTheme: Story = { globals: { theme: "dark" } };

/** Slices, values and shares are in a table for screen readers; the summary states the total. */
export const TextAlternative: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("img", { name: /Donut chart: Findings by severity\. High 12 \(12%\)/ }),
    ).toBeVisible();
    await expect(canvas.getByRole("img", { name: /Findings 104\.$/ })).toBeVisible();
    const table = canvas.getByRole("table", { name: "Findings by severity" });
    await expect(within(table).getAllByRole("row")).toHaveLength(findingsBySeverity.length + 1);
    await expect(within(table).getByRole("rowheader", { name: "Medium" }).closest("tr")).toHaveTextContent(
      /Medium\s*27\s*26%/,
    );
  },
};

const statusCounts = [
  { status: "ACTIVE", label: "Active", count: 9 },
  { status: "FIXING", label: "Fixing", count: 4 },
  { status: "MITIGATED", label: "Mitigated", count: 12 },
  { status: "TOLERATED", label: "Tolerated", count: 2 },
  { status: "FALSE_POSITIVE", label: "False Positive", count: 3 },
] as const satisfies readonly { status: FindingStatus; label: string; count: number }[];

/** Findings per status, each slice in its status badge's tone, the badges shown below for comparison. */
export const StatusTones: Story = {
  render: () => (
    <Stack space="large">
      <DonutChart
        title="Findings by status"
        data={statusCounts}
        labelKey="label"
        valueKey="count"
        labelHeader="Status"
        valueHeader="Findings"
        colors={statusCounts.map((d) => findingStatusTones[d.status].tone)}
        centerLabel="Findings"
      />
      <Inline space="small">
        {statusCounts.map((d) => (
          <StatusBadge key={d.status} kind="finding" status={d.status} weight="solid" />
        ))}
      </Inline>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const chart = canvas.getByRole("img", { name: /^Donut chart: Findings by status\. Active 9/ });
    await waitFor(() => expect(slicesOf(chart)).toHaveLength(statusCounts.length));
    const slices = slicesOf(chart);
    for (const [index, d] of statusCounts.entries()) {
      const badge = canvasElement.querySelector(`[data-status="${d.status}"]`) as Element;
      await expect(getComputedStyle(slices[index] as Element).fill).toBe(getComputedStyle(badge).backgroundColor);
    }
  },
};

/** Info and Log share the neutral tone of their badges; the second slice is faded so the two stay apart. */
export const SharedTone: Story = {
  args: { colors: ["critical", "caution", "info", "neutral", "neutral"] },
  play: async ({ canvasElement }) => {
    const chart = within(canvasElement).getByRole("img", { name: /^Donut chart: Findings by severity\./ });
    await waitFor(() => expect(slicesOf(chart)).toHaveLength(findingsBySeverity.length));
    const [, , , info, log] = slicesOf(chart);
    await expect(getComputedStyle(info as Element).fill).toBe(getComputedStyle(log as Element).fill);
    await expect(info?.getAttribute("fill-opacity")).toBe("1");
    await expect(log?.getAttribute("fill-opacity")).toBe("0.5");
  },
};

function slicesOf(chart: HTMLElement): Element[] {
  return [...chart.querySelectorAll(".recharts-pie-sector .recharts-sector")];
}
