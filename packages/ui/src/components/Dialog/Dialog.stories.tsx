import type { Meta, StoryObj } from "@storybook/react-vite";
import { DialogTrigger } from "react-aria-components";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button.tsx";
import { Dialog, Modal } from "./Dialog.tsx";

const onConfirm = fn();

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A short task or decision that must be finished before returning to the page: confirm a deletion, edit a small record.\n\n**When not to.** Don't use it for long content or reading details beside a list (use `Drawer`), or for a message that needs no answer (use a `Toast`). Never stack dialogs.\n\n**Accessibility.** Focus moves into the dialog and stays there; Escape closes it and focus returns to the trigger. The heading names the dialog. A destructive confirmation says what is lost.";

const meta = {
  title: "Components/Overlays/Dialog",
  id: "overlays-dialog",
  component: Dialog,
  args: { title: "Update schedule" },
  render: (args) => (
    <DialogTrigger>
      <Button>Open dialog</Button>
      <Modal isDismissable>
        <Dialog
          {...args}
          actions={(close) => (
            <>
              <Button variant="outline" onPress={close}>
                Cancel
              </Button>
              <Button
                onPress={() => {
                  onConfirm();
                  close();
                }}
              >
                Save schedule
              </Button>
            </>
          )}
        >
          <p>The next scan runs weekly from Monday, 23 Nov 2026, 02:00.</p>
        </Dialog>
      </Modal>
    </DialogTrigger>
  ),
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = {
  render: (args) => (
    <Modal defaultOpen>
      <Dialog {...args} actions={<Button>Save schedule</Button>}>
        <p>The next scan runs weekly from Monday, 23 Nov 2026, 02:00.</p>
      </Dialog>
    </Modal>
  ),
};

export const EscapeClosesAndReturnsFocus: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole("button", { name: "Open dialog" });
    await userEvent.click(trigger);
    const dialog = await body.findByRole("dialog", { name: "Update schedule" });
    // The modal fades in; outside the test run's frozen motion that takes a moment.
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    // react-aria hands focus back once the exit animation ends, which the test run's frozen motion skips.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const ActionCloses: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Open dialog" }));
    const dialog = await body.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save schedule" }));
    await expect(onConfirm).toHaveBeenCalled();
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
  },
};
