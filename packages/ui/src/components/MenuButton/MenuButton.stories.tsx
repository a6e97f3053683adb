import type { Meta, StoryObj } from "@storybook/react-vite";
import { ChevronDown } from "lucide-react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { MenuButton } from "./MenuButton.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A labelled button that offers a few choices for one action: a status to change to, a format to export in.\n\n**When not to.** Don't use it to pick a value that stays shown (use `Select`), or for a row's assorted actions (use `ActionsMenu`).\n\n**Accessibility.** The menu is named by the button. Enter, Space or ArrowDown opens it with focus on the first entry, ArrowUp on the last; Escape closes it and returns focus to the button. A disabled entry stays listed.";

const meta = {
  title: "Components/Navigation/MenuButton",
  id: "navigation-menubutton",
  component: MenuButton,
  args: {
    children: "Export all matching",
    variant: "outline",
    size: "small",
    icon: <ChevronDown size={14} aria-hidden="true" />,
    items: [
      { id: "csv", label: "CSV" },
      { id: "json", label: "JSON (with status history)" },
      { id: "sarif", label: "SARIF (source code only)", isDisabled: true },
    ],
    onAction: fn(),
  },
  parameters: { layout: "centered", docs: { description: { component: usage } } },
} satisfies Meta<typeof MenuButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ChoosesAnEntry: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = () => within(canvasElement).getByRole("button", { name: "Export all matching" });
    await userEvent.click(trigger());
    const menu = await body.findByRole("menu", { name: "Export all matching" });
    // Looked up again: a press before the menu's code has loaded opens it on the loaded trigger.
    await expect(trigger()).toHaveAttribute("aria-expanded", "true");
    await expect(within(menu).getByRole("menuitem", { name: "SARIF (source code only)" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await userEvent.click(within(menu).getByRole("menuitem", { name: "JSON (with status history)" }));
    await expect(args.onAction).toHaveBeenCalledWith("json");
    await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
  },
};

export const Keyboard: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await userEvent.keyboard("{ArrowUp}");
    const menu = await body.findByRole("menu");
    // ArrowUp opens on the last entry that can be chosen.
    await waitFor(() =>
      expect(within(menu).getByRole("menuitem", { name: "JSON (with status history)" })).toHaveFocus(),
    );
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(canvasElement).getByRole("button", { name: "Export all matching" })).toHaveFocus(),
    );
  },
};
