import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DonutChart } from "./DonutChart.tsx";
import { findingsBySeverity, type SeverityCount } from "./sampleData.ts";

const meta = {
  title: "Charts/DonutChart",
  component: DonutChart<SeverityCount>,
  args: {
    title: "Findings by severity",
    data: findingsBySeverity,
    labelKey: "severity",
    valueKey: "count",
    labelHeader: "Severity",
    valueHeader: "Findings",
    colors: ["series4", "series3", "series1", "series6", "series5"],
    centerLabel: "Findings",
  },
} satisfies Meta<typeof DonutChart<SeverityCount>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: "grid", gap: "2rem", gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))" }}>
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
    <div style={{ display: "grid", gap: "2rem", gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))" }}>
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
    <div style={{ display: "grid", gap: "2rem", gridTemplateColumns: "repeat(auto-fit, minmax(14rem, 1fr))" }}>
      <div style={{ maxWidth: "14rem" }}>
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
