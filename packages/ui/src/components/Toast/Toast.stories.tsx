import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button.tsx";
import { ToastRegion } from "./Toast.tsx";
import { createToastQueue } from "./toastQueue.ts";

const queue = createToastQueue();

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** Brief confirmation of something that happened ("Repository added"), or an error from a background action.\n\n**When not to.** Don\'t put the only copy of important information or a required decision in a toast; it disappears. Use a `Dialog` or inline message.\n\n**With an action.** `action: { label, onAction }` adds one button (Undo after a change); pressing it runs the action and closes the toast. Give such a toast `{ timeout: 10_000 }` or more so a keyboard user can reach it.\n\n**Accessibility.** The region is a landmark announced politely; a toast\'s timer pauses while it is hovered or focused, and each has a "Dismiss" button. Toasts sit above modals.';

const meta = {
  title: "Components/Overlays/Toast",
  id: "overlays-toast",
  component: ToastRegion,
  args: { queue },
  render: (args) => (
    <>
      <Button
        onPress={() =>
          queue.add({ title: "Message sent", description: "Support replies within the hour.", tone: "positive" })
        }
      >
        Send message
      </Button>
      <Button variant="outline" onPress={() => queue.add({ title: "Could not save the schedule", tone: "critical" })}>
        Fail
      </Button>
      <ToastRegion {...args} />
    </>
  ),
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof ToastRegion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AppearsAndDismisses: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Send message" }));
    const toast = await body.findByRole("alertdialog", { name: "Message sent" });
    await expect(toast).toHaveTextContent("Support replies within the hour.");
    await userEvent.click(within(toast).getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(body.queryByRole("alertdialog", { name: "Message sent" })).not.toBeInTheDocument());
  },
};

export const AllTones: Story = {
  // Toasts render in a fixed region outside the story root.
  parameters: { visual: "page" },
  play: async ({ canvasElement }) => {
    queue.add({ title: "Schedule saved" });
    queue.add({ title: "Payment received", description: "INV-7Q2K9X1A is paid.", tone: "positive" });
    queue.add({ title: "Upload failed", description: "report.exe is not an allowed file type.", tone: "critical" });
    await within(canvasElement.ownerDocument.body).findByText("Upload failed");
  },
};

const undo = fn();

/** An Undo after a change: the action runs and the toast closes. */
export const WithAction: Story = {
  render: (args) => (
    <>
      <Button
        onPress={() =>
          queue.add(
            {
              title: "Updated 1,234 findings to False Positive",
              tone: "positive",
              action: { label: "Undo", onAction: undo },
            },
            // Long enough to reach the button by keyboard; the timer pauses while focused.
            { timeout: 10_000 },
          )
        }
      >
        Mark as false positive
      </Button>
      <ToastRegion {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    undo.mockClear();
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Mark as false positive" }));
    const toast = await body.findByRole("alertdialog", { name: "Updated 1,234 findings to False Positive" });
    await userEvent.click(within(toast).getByRole("button", { name: "Undo" }));
    await expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(
        body.queryByRole("alertdialog", { name: "Updated 1,234 findings to False Positive" }),
      ).not.toBeInTheDocument(),
    );
  },
};
