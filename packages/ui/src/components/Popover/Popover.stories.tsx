import type { Meta, StoryObj } from "@storybook/react-vite";
import { DialogTrigger } from "react-aria-components";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../Button/Button.tsx";
import { Popover } from "./Popover.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Extra, non-essential content anchored to a trigger: a filter panel, a short explanation with a link.\n\n**When not to.** Don't use it for blocking choices (use `Dialog`), for a list of actions (use `Menu`) or for one-line hints (use `Tooltip`).\n\n**Accessibility.** By default (`isDialog`) a dialog: focus moves in and returns to the trigger on close; Escape closes it. Give it an `aria-label` or a heading.";

const meta = {
  title: "Components/Overlays/Popover",
  id: "overlays-popover",
  component: Popover,
  args: { "aria-label": "Scan filters", children: <p>Only show endpoints with HIGH findings.</p> },
  render: (args) => (
    <DialogTrigger>
      <Button variant="outline">Filters</Button>
      <Popover {...args} />
    </DialogTrigger>
  ),
  parameters: { layout: "centered", docs: { description: { component: usage } } },
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Opens: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Filters" }));
    await expect(await body.findByRole("dialog", { name: "Scan filters" })).toHaveTextContent("HIGH findings");
  },
};
