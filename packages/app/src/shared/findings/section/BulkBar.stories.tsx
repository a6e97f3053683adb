import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { BulkBar } from "./BulkBar.tsx";

const usage = `**When to use.** Above every findings grid: it shows how many findings are selected, offers "Select all N matching" across pages, the status change (through the reason dialog) and the exports.

**Accessibility.** A \`toolbar\` named "Bulk actions": Tab reaches it once, arrow keys move between its controls. The selected count is a polite live region, so ticking rows is announced. Status and export are menus.`;

const meta = {
  title: "Patterns/Findings/BulkBar",
  component: BulkBar,
  args: {
    selectedCount: 0,
    total: 5230,
    selectionKind: "ids",
    onSelectAllMatching: fn(),
    onClearSelection: fn(),
    onChangeStatus: fn(),
    onExport: fn(),
    sarifAvailable: false,
    isPending: false,
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof BulkBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing selected: the status change waits for a selection; exports cover the whole filter. */
export const NoneSelected: Story = {
  play: async ({ canvasElement, args }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    await expect(within(bar).getByRole("status")).toHaveTextContent("None selected");
    await expect(within(bar).getByRole("button", { name: "Change status" })).toBeDisabled();
    await userEvent.click(within(bar).getByRole("button", { name: "Export all matching" }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await expect(within(menu).getByRole("menuitem", { name: "SARIF (source code only)" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await userEvent.click(within(menu).getByRole("menuitem", { name: "CSV" }));
    await expect(args.onExport).toHaveBeenCalledWith("csv");
  },
};

/** Nothing matches: the export is off and the bar says why, rather than saving a file with no rows. */
export const NothingToExport: Story = {
  args: { total: 0 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    const exportButton = within(bar).getByRole("button", { name: "Export all matching" });
    await expect(exportButton).toBeDisabled();
    await expect(exportButton).toHaveAccessibleDescription(
      "Nothing matches these filters, so there is nothing to export.",
    );
    await expect(within(bar).getByText("Nothing matches these filters, so there is nothing to export.")).toBeVisible();
    await expect(within(bar).queryByRole("button", { name: /^Select all/ })).not.toBeInTheDocument();
  },
};

/** Some rows ticked: the count, "Select all N matching", and a status from the menu. */
export const SomeSelected: Story = {
  args: { selectedCount: 25 },
  play: async ({ canvasElement, args }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    await expect(within(bar).getByRole("status")).toHaveTextContent("25 selected");
    await userEvent.click(within(bar).getByRole("button", { name: "Select all 5.230 matching" }));
    await expect(args.onSelectAllMatching).toHaveBeenCalledTimes(1);
    await userEvent.click(within(bar).getByRole("button", { name: "Change status" }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "False Positive" }));
    await expect(args.onChangeStatus).toHaveBeenCalledWith("FALSE_POSITIVE");
  },
};

/** Every match selected across pages: no "Select all" left, and Clear selection. */
export const AllMatchingSelected: Story = {
  args: { selectedCount: 5230, selectionKind: "all", sarifAvailable: true },
  play: async ({ canvasElement, args }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    await expect(within(bar).getByRole("status")).toHaveTextContent("5.230 selected across all pages");
    await expect(within(bar).queryByRole("button", { name: /Select all/ })).not.toBeInTheDocument();
    await userEvent.click(within(bar).getByRole("button", { name: "Export selection" }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "SARIF (source code only)" }));
    await expect(args.onExport).toHaveBeenCalledWith("sarif");
    await userEvent.click(within(bar).getByRole("button", { name: "Clear selection" }));
    await expect(args.onClearSelection).toHaveBeenCalledTimes(1);
  },
};

/** A change is in flight: the status button is pending and sends nothing more. */
export const Pending: Story = {
  args: { selectedCount: 1234, selectionKind: "all", isPending: true },
  play: async ({ canvasElement, args }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    const change = within(bar).getByRole("button", { name: /Change status/ });
    await expect(change).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(change);
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole("menu")).not.toBeInTheDocument());
    await expect(args.onChangeStatus).not.toHaveBeenCalled();
  },
};

/** Read-only roles see the count and the exports, not the status change. */
export const ReadOnly: Story = {
  args: { selectedCount: 3, readOnly: true },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    await expect(within(bar).queryByRole("button", { name: /Change status/ })).not.toBeInTheDocument();
    await expect(within(bar).getByRole("button", { name: "Export selection" })).toBeInTheDocument();
  },
};

/** With Assign… (issue 28): it waits for a selection like the status change, then opens the assign dialog. */
export const WithAssign: Story = {
  args: { selectedCount: 3, onAssign: fn() },
  play: async ({ canvasElement, args }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    await userEvent.click(within(bar).getByRole("button", { name: "Assign…" }));
    await expect(args.onAssign).toHaveBeenCalledOnce();
  },
};

/** A member: Assign… is disabled with the same reason as the status change. */
export const AssignRefused: Story = {
  args: {
    selectedCount: 3,
    onAssign: fn(),
    statusRefusal: "Only your company's admins can change finding statuses. Ask an admin if a status should change.",
  },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("toolbar", { name: "Bulk actions" });
    const assign = within(bar).getByRole("button", { name: "Assign…" });
    await expect(assign).toBeDisabled();
    await expect(assign).toHaveAccessibleDescription(/Only your company's admins/);
  },
};
