import { Button } from "@sentinel/ui";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ShortcutHelp } from "./ShortcutHelp.tsx";
import { triageShortcuts } from "./triageShortcuts.ts";

/** The overlay as the findings section opens it: "?" anywhere, or a button for pointer users. */
function HelpHarness({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [isOpen, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button variant="outline" onPress={() => setOpen(true)}>
        Keyboard shortcuts
      </Button>
      <ShortcutHelp isOpen={isOpen} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: "Patterns/Findings section/Shortcut help",
  component: HelpHarness,
  args: { initiallyOpen: true },
  // The overlay is in a portal: shoot the page, not the story root.
  parameters: { visual: "page" },
} satisfies Meta<typeof HelpHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every triage shortcut, each key in a `<kbd>`, with what it does. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole("dialog", { name: "Keyboard shortcuts" });
    for (const shortcut of triageShortcuts) {
      await expect(within(dialog).getByText(shortcut.description)).toBeInTheDocument();
    }
    const keys = [...dialog.querySelectorAll("kbd")].map((kbd) => kbd.textContent);
    await expect(keys).toEqual(expect.arrayContaining(["j", "k", "x", "Enter", "o", "1", "5", "u", "/", "?"]));
  },
};

/** Opened from its button, closed with Esc; focus goes back to the button. */
export const OpenAndClose: Story = {
  args: { initiallyOpen: false },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const button = canvas.getByRole("button", { name: "Keyboard shortcuts" });
    await userEvent.click(button);
    await body.findByRole("dialog", { name: "Keyboard shortcuts" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    // react-aria gives focus back once the overlay has unmounted, a task after it leaves the DOM.
    await waitFor(() => expect(button).toHaveFocus());
  },
};
