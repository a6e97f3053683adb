import type { Meta, StoryObj } from "@storybook/react-vite";
import { Download, Pencil, Trash2 } from "lucide-react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ActionsMenu } from "./ActionsMenu.tsx";

const onEdit = fn();
const onDelete = fn();

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Row or card actions that don't fit as visible buttons: edit, archive, download behind one three-dot trigger.\n\n**When not to.** Don't hide the one primary action of a page in it; show that as a `Button`. Don't use it for navigation between pages (use links) or for choosing a value (use `Select`).\n\n**Accessibility.** The trigger needs a specific name (\"Actions for TCK-01000\"), since many sit on one page. Enter, Space or ArrowDown opens it with focus on the first entry; Escape closes it and returns focus to the trigger.";

const meta = {
  title: "Components/Navigation/ActionsMenu",
  id: "navigation-actionsmenu",
  component: ActionsMenu,
  args: {
    "aria-label": "Actions for INV-7Q2K9X1A",
    items: [
      { id: "edit", label: "Edit", icon: <Pencil size={14} />, onAction: onEdit },
      { id: "download", label: "Download invoice", icon: <Download size={14} />, href: "#invoice" },
      { id: "archive", label: "Archive", isDisabled: true },
      { id: "delete", label: "Delete", icon: <Trash2 size={14} />, tone: "critical", onAction: onDelete },
    ],
  },
  parameters: { layout: "centered", docs: { description: { component: usage } } },
} satisfies Meta<typeof ActionsMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ClosesAfterChoice: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = () => within(canvasElement).getByRole("button", { name: "Actions for INV-7Q2K9X1A" });
    await userEvent.click(trigger());
    const menu = await body.findByRole("menu");
    // Looked up again: a press before the menu's code has loaded opens it on the loaded trigger,
    // which replaces the placeholder button (DeferredMenuTrigger).
    await expect(trigger()).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Edit" }));
    await expect(onEdit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
  },
};

export const ClosesOnOutsideClick: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Actions/ }));
    await body.findByRole("menu");
    await userEvent.click(canvasElement.ownerDocument.body);
    await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
  },
};

export const KeyboardAndLinks: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await userEvent.keyboard("{Enter}");
    const menu = await body.findByRole("menu");
    await expect(within(menu).getByRole("menuitem", { name: "Download invoice" })).toHaveAttribute("href", "#invoice");
    await expect(within(menu).getByRole("menuitem", { name: "Archive" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
  },
};
