import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Inline } from "../Inline/Inline.tsx";
import { SortIcon } from "./SortIcon.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** In the header of a sortable column of a table the kit does not draw itself (a custom virtual grid), so its arrows look like PagedTable's and DataGrid's.\n\n**When not to.** Don't use it inside PagedTable or DataGrid (they draw it), and don't make it the button: the header or its button sorts.\n\n**Accessibility.** Hidden from assistive technology: the header carries the direction in `aria-sort`, so the arrow never has to speak.";

const meta = {
  title: "Components/Data/SortIcon",
  id: "data-sorticon",
  component: SortIcon,
  argTypes: { direction: { control: "inline-radio", options: [undefined, "ascending", "descending"] } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof SortIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Unsorted, ascending and descending: the visual baseline. */
export const AllVariants: Story = {
  render: () => (
    <Inline space="large" alignY="center">
      <SortIcon />
      <SortIcon direction="ascending" />
      <SortIcon direction="descending" />
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll("svg");
    await expect(icons).toHaveLength(3);
    // Decoration only: nothing in the frame is exposed to assistive technology.
    for (const icon of icons) await expect(icon).toHaveAttribute("aria-hidden", "true");
    await expect(within(canvasElement).queryByRole("img")).toBeNull();
  },
};
