import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { formatBalance } from "../../format/number.ts";
import { StatCard } from "./StatCard.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** One headline figure with its label and optional growth against the previous period, on dashboards.\n\n**When not to.** Don\'t use it for several figures at once (use a `DescriptionList` or a chart) or for figures without a label.\n\n**Accessibility.** The label, value and growth read as one sentence; growth is written as text ("+12% from last month"), not only as an arrow or colour.';

const meta = {
  title: "Components/Layout/StatCard",
  id: "layout-statcard",
  component: StatCard,
  args: { label: "Total balance", value: formatBalance(1250000), growth: 12 },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const grid = { display: "grid", gridTemplateColumns: "repeat(3, 14rem)", gap: "1rem" } as const;

export const Default: Story = {
  render: (args) => (
    <div className={frameWidth["16rem"]}>
      <StatCard {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("1.250.000")).toBeVisible();
    // The arrow is decorative; the sentence carries the meaning.
    await expect(canvas.getByText("up 12% from the previous period")).toBeInTheDocument();
    await expect(canvas.getByText("▲ 12%")).toHaveAttribute("aria-hidden", "true");
  },
};

export const AllVariants: Story = {
  render: () => (
    <div style={grid}>
      <StatCard label="Growing" value="1.250" growth={12} />
      <StatCard label="Shrinking" value="980" growth={-3.4} />
      <StatCard label="Flat" value="42" growth={0} />
      <StatCard label="No growth figure" value="7" growth={null} />
      <StatCard label="Missing value" />
      <StatCard label="Custom period" value="15" growth={50} growthPeriod="since last month" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("down 3% from the previous period")).toBeInTheDocument();
    await expect(canvas.getByText("no change from the previous period")).toBeInTheDocument();
    await expect(canvas.getByText("up 50% since last month")).toBeInTheDocument();
  },
};

export const States: Story = {
  args: { onRetry: fn() },
  render: (args) => (
    <div style={grid}>
      <StatCard label="Loading" isLoading />
      <StatCard label="Users" error="Couldn't load" onRetry={args.onRetry} />
      <StatCard label="Empty" value="0" growth={null} />
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Loading", { selector: "p" }).closest("[aria-busy]")).toHaveAttribute(
      "aria-busy",
      "true",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent("Couldn't load");
    await userEvent.click(canvas.getByRole("button", { name: "Retry" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    label: "Credits spent on threat inspection across every company this quarter",
    value: formatBalance(1e15),
    growth: 1234.5,
  },
  render: (args) => (
    <div className={frameWidth["11rem"]}>
      <StatCard {...args} />
    </div>
  ),
};
