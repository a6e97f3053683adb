import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Skeleton } from "./Skeleton.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Placeholder shapes while the content of a known layout loads.\n\n**When not to.** Don't use it for actions that take a moment (use the button's pending state) or when the layout is unknown (use `Spinner`).\n\n**Accessibility.** Hidden from assistive technology; the loading region carries `aria-busy` and a label instead.";

const meta = {
  title: "Components/Feedback/Skeleton",
  id: "feedback-skeleton",
  component: Skeleton,
  args: { variant: "line" },
  argTypes: { variant: { control: "inline-radio", options: ["line", "block", "circle"] } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <div style={{ width: "20rem" }}>
      <Skeleton {...args} />
    </div>
  ),
};

export const AllVariants: Story = {
  render: () => (
    <div style={{ display: "grid", gap: "1.5rem", width: "24rem" }}>
      <Skeleton variant="line" />
      <Skeleton variant="line" width="40%" />
      <Skeleton variant="line" lines={3} />
      <Skeleton variant="block" />
      <Skeleton variant="block" height="3rem" width="12rem" />
      <div style={{ display: "flex", gap: "1rem", alignItems: "center" }}>
        <Skeleton variant="circle" />
        <Skeleton variant="circle" width="3rem" />
      </div>
    </div>
  ),
};

/** A loading card the way screens compose it: the region is busy and labelled, the shapes are hidden. */
export const LoadingRegion: Story = {
  render: () => (
    <section aria-busy="true" aria-label="Recent findings" style={{ display: "grid", gap: "0.75rem", width: "24rem" }}>
      <div style={{ display: "flex", gap: "0.75rem", alignItems: "center" }}>
        <Skeleton variant="circle" />
        <Skeleton variant="line" width="50%" />
      </div>
      <Skeleton variant="line" lines={4} />
    </section>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole("region", { name: "Recent findings" });
    await expect(region).toHaveAttribute("aria-busy", "true");
    // Placeholders are invisible to assistive technology.
    for (const shape of region.querySelectorAll("[data-skeleton]")) {
      if (!shape.closest("[aria-hidden='true']"))
        throw new Error("a skeleton shape is exposed to assistive technology");
    }
  },
};

export const Narrow: Story = {
  render: () => (
    <div style={{ width: "6rem" }}>
      <Skeleton lines={3} />
    </div>
  ),
};
