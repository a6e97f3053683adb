import type { Meta, StoryObj } from "@storybook/react-vite";
import { Pencil, Trash2 } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";

const firstArgument = (spy: unknown) => (spy as { mock: { calls: unknown[][] } }).mock.calls[0]?.[0];

import { Menu, MenuItem, MenuSeparator } from "./Menu.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A list of actions or links opened from a trigger: a user menu, a \"More\" menu.\n\n**When not to.** Don't use it to choose a form value (use `Select`), or for primary actions users need every time.\n\n**Accessibility.** react-aria's menu pattern: arrow keys, typeahead, Enter to act, Escape to close and return focus to the trigger. Entries that navigate are links.";

const meta = {
  title: "Components/Navigation/Menu",
  id: "navigation-menu",
  component: Menu,
  args: { "aria-label": "Finding actions", onAction: fn() },
  render: (args) => (
    <Menu {...args}>
      <MenuItem id="edit" icon={<Pencil size={14} />}>
        Edit
      </MenuItem>
      <MenuItem id="export">Export as CSV</MenuItem>
      <MenuSeparator />
      <MenuItem id="delete" tone="critical" icon={<Trash2 size={14} />}>
        Delete
      </MenuItem>
    </Menu>
  ),
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Menu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const KeyboardSelection: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    // The items render a commit after the menu (react-aria's collection); tab in once they exist.
    await canvas.findAllByRole("menuitem");
    await userEvent.tab();
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await expect(args.onAction).toHaveBeenCalledTimes(1);
    await expect(firstArgument(args.onAction)).toBe("export");
    await expect(canvas.getAllByRole("menuitem")).toHaveLength(3);
  },
};
