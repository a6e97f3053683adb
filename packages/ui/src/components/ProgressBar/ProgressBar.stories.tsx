import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { tones } from "../../tokens/tones.ts";
import { Stack } from "../Stack/Stack.tsx";
import { ProgressBar } from "./ProgressBar.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Known progress of one task in percent: a scan's completion, an upload.\n\n**When not to.** Don't use it when the amount is unknown (use `Spinner`) or to show a value that isn't progress (use a chart or `StatCard`).\n\n**Accessibility.** A `progressbar` with a label and `aria-valuenow`; the visible percentage repeats it as text.";

const meta = {
  title: "Components/Feedback/ProgressBar",
  id: "feedback-progressbar",
  component: ProgressBar,
  args: { label: "Scan progress", value: 30 },
  argTypes: {
    tone: { control: "select", options: tones },
    value: { control: { type: "range", min: 0, max: 100 } },
  },
  decorators: [
    (Story) => (
      <div className={frameWidth["24rem"]}>
        <Story />
      </div>
    ),
  ],
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Scan progress" });
    await expect(bar).toHaveAttribute("aria-valuenow", "30");
    await expect(bar).toHaveAttribute("aria-valuetext", "30%");
  },
};

export const WithValueLabel: Story = {
  args: { value: 35, valueLabel: "12 of 40 done, 2 failed" },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Scan progress" });
    // The detailed text is what screen readers hear instead of a bare percentage.
    await expect(bar).toHaveAttribute("aria-valuetext", "12 of 40 done, 2 failed");
    await expect(within(canvasElement).getByText("35%")).toBeVisible();
  },
};

export const AllVariants: Story = {
  render: () => (
    <Stack space="large">
      {tones.map((tone, index) => (
        <ProgressBar key={tone} label={tone} tone={tone} value={(index + 1) * 12} />
      ))}
      <ProgressBar aria-label="Without a visible label" value={64} />
      <ProgressBar aria-label="Without the percentage" value={64} showValue={false} />
    </Stack>
  ),
};

export const States: Story = {
  render: () => (
    <Stack space="large">
      <ProgressBar label="Not started" value={0} />
      <ProgressBar label="Done" value={100} tone="positive" />
      <ProgressBar label="Missing value" value={null} />
      <ProgressBar label="Over 100 is clamped" value={180} />
      <ProgressBar label="Failed part-way" value={70} tone="critical" valueLabel="28 of 40 done, 12 failed" />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("progressbar", { name: "Missing value" })).toHaveAttribute("aria-valuenow", "0");
    await expect(canvas.getByRole("progressbar", { name: "Over 100 is clamped" })).toHaveAttribute(
      "aria-valuenow",
      "100",
    );
  },
};

export const LongText: Story = {
  args: {
    label: "Scanning https://a-very-long-subdomain.staging.example-company-with-a-long-name.co.id",
    value: 58,
    valueLabel: "1.250 of 2.160 endpoints done, 14 failed, 3 skipped because the host did not respond",
  },
  decorators: [
    (Story) => (
      <div className={frameWidth["14rem"]}>
        <Story />
      </div>
    ),
  ],
};
