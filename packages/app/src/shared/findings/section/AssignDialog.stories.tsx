import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { AssignDialog } from "./AssignDialog.tsx";

const people = [
  { id: 5, email: "admin@example.com", fullname: "Ayu Pratama" },
  { id: 2, email: "analyst@example.com", fullname: "Rizky Pratama" },
];

const meta = {
  title: "Patterns/Findings/AssignDialog",
  component: AssignDialog,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    count: 23,
    candidates: people,
    onSubmit: fn(async () => undefined),
  },
  parameters: {
    docs: {
      description: {
        component:
          "The bulk bar's Assign… (issue 28): confirms who gets how many findings. A changed count is answered in place with a button to go on; the batch is undone from the toast or the summary.",
      },
    },
  },
} satisfies Meta<typeof AssignDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const openDialog = async (canvasElement: HTMLElement) => {
  const dialog = await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: /^Assign / });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
};

const choose = async (canvasElement: HTMLElement, dialog: HTMLElement, name: string) => {
  await userEvent.click(within(dialog).getByRole("button", { name: /Assign to/ }));
  const listbox = await within(canvasElement.ownerDocument.body).findByRole("listbox");
  await userEvent.click(within(listbox).getByRole("option", { name }));
};

/** The title says how many; choosing someone and Assign sends them, and the dialog closes. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveAccessibleName("Assign 23 findings");
    await choose(canvasElement, dialog, "Rizky Pratama");
    await userEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ id: 2, label: "Rizky Pratama" }, undefined));
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

/** Assign without a choice says to choose, and sends nothing. */
export const NoChoice: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await openDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    await expect(within(dialog).getByRole("button", { name: /Assign to/ })).toHaveAccessibleDescription(
      /Choose who the findings go to\./,
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

const countChanged = fn(async (_assignee: unknown, options?: { acceptCount?: number }) =>
  options?.acceptCount === undefined ? { countChanged: 25 } : undefined,
);

/** The filter matches more than the user saw: nothing was assigned, and a button applies to the new count. */
export const CountChanged: Story = {
  args: { onSubmit: countChanged },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await choose(canvasElement, dialog, "Nobody (unassign)");
    await userEvent.click(within(dialog).getByRole("button", { name: "Assign" }));
    await expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "The filter now matches 25 findings (you saw 23). Nothing was assigned yet.",
    );
    await expect(dialog).toHaveAccessibleName("Assign 25 findings");
    await userEvent.click(within(dialog).getByRole("button", { name: "Assign 25 findings" }));
    await waitFor(() => expect(countChanged).toHaveBeenLastCalledWith(null, { acceptCount: 25 }));
  },
};

/** Staff looking at every company see staff only, and the dialog says why. */
export const StaffOnly: Story = {
  args: {
    candidates: [people[1] ?? { id: 2, email: "analyst@example.com", fullname: "Rizky Pratama" }],
    candidatesNote: "Only Sentinel staff are listed: filter by one company to assign its findings to its members.",
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(within(dialog).getByRole("button", { name: /Assign to/ })).toHaveAccessibleDescription(
      /Only Sentinel staff are listed/,
    );
  },
};
