import type { Meta, StoryObj } from "@storybook/react-vite";
import { Info } from "lucide-react";
import { expect, userEvent, within } from "storybook/test";
import { IconButton } from "../IconButton/IconButton.tsx";
import { Tooltip, TooltipTrigger } from "./Tooltip.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A short hint for a control on hover or keyboard focus, such as an icon button's name.\n\n**When not to.** Don't put essential information, links or buttons in it, and don't use it on disabled controls.\n\n**Accessibility.** Opens on keyboard focus as well as hover and closes on Escape. The trigger keeps its own accessible name; the tooltip only repeats or adds to it.";

const meta = {
  title: "Components/Overlays/Tooltip",
  id: "overlays-tooltip",
  component: Tooltip,
  args: { children: "Credits are deducted when the scan starts, and refunded if it fails." },
  render: (args) => (
    <TooltipTrigger delay={0}>
      <IconButton aria-label="About credits" icon={<Info size={16} />} />
      <Tooltip {...args} />
    </TooltipTrigger>
  ),
  parameters: { layout: "centered", docs: { description: { component: usage } } },
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ShowsOnKeyboardFocus: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    const tooltip = await body.findByRole("tooltip");
    await expect(tooltip).toHaveTextContent("refunded if it fails");
    await expect(within(canvasElement).getByRole("button", { name: "About credits" })).toHaveAttribute(
      "aria-describedby",
      tooltip.id,
    );
  },
};
