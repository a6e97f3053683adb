import type { Meta, StoryObj } from "@storybook/react-vite";
import { DialogTrigger } from "react-aria-components";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "../Button/Button.tsx";
import { Popover } from "./Popover.tsx";

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
  parameters: { layout: "centered" },
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
