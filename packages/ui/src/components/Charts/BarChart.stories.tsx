import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { BarChart, StackedBarChart } from "./BarChart.tsx";
import { creditByMonth, type ServiceSpend, serviceSeries, spendByCompany } from "./sampleData.ts";

const meta = {
  title: "Charts/BarChart",
  component: BarChart<ServiceSpend>,
  args: {
    title: "Credit spent per company",
    data: spendByCompany,
    xKey: "label",
    xLabel: "Company",
    series: serviceSeries.slice(0, 3),
  },
} satisfies Meta<typeof BarChart<ServiceSpend>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: "grid", gap: "2rem", gridTemplateColumns: "repeat(auto-fit, minmax(24rem, 1fr))" }}>
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
    <div style={{ display: "grid", gap: "2rem", gridTemplateColumns: "repeat(auto-fit, minmax(20rem, 1fr))" }}>
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
    <div style={{ display: "grid", gap: "2rem" }}>
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
      <div style={{ maxWidth: "18rem" }}>
        <BarChart {...args} title="Narrow container" height={180} series={serviceSeries} />
      </div>
    </div>
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
