import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import { Stack } from "../Stack/Stack.tsx";
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
    <div className={frameWidth["20rem"]}>
      <Skeleton {...args} />
    </div>
  ),
};

export const AllVariants: Story = {
  render: () => (
    <Stack space="xlarge" className={frameWidth["24rem"]}>
      <Skeleton variant="line" />
      <Skeleton variant="line" width="40%" />
      <Skeleton variant="line" lines={3} />
      <Skeleton variant="block" />
      <Skeleton variant="block" height="3rem" width="12rem" />
      <Inline space="large" alignY="center">
        <Skeleton variant="circle" />
        <Skeleton variant="circle" width="3rem" />
      </Inline>
    </Stack>
  ),
};

/** A loading card the way screens compose it: the region is busy and labelled, the shapes are hidden. */
export const LoadingRegion: Story = {
  render: () => (
    <Stack as="section" space="medium" className={frameWidth["24rem"]} aria-busy="true" aria-label="Recent findings">
      <Inline space="medium" alignY="center">
        <Skeleton variant="circle" />
        <Skeleton variant="line" width="50%" />
      </Inline>
      <Skeleton variant="line" lines={4} />
    </Stack>
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
    <div className={frameWidth["6rem"]}>
      <Skeleton lines={3} />
    </div>
  ),
};
