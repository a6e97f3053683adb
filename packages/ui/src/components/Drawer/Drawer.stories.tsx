import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button.tsx";
import { Drawer } from "./Drawer.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Details of one item beside the list it came from, without leaving the page: a finding, a payment.\n\n**When not to.** Don't use it for a blocking decision (use `Dialog`) or for a whole workflow that deserves its own URL.\n\n**Accessibility.** A modal side sheet: focus moves in, stays there, and returns to the row that opened it; Escape closes it. Its heading names it.";

const meta = {
  title: "Components/Overlays/Drawer",
  id: "overlays-drawer",
  component: Drawer,
  args: {
    isOpen: true,
    onOpenChange: fn(),
    title: "OpenSSH user enumeration (CVE-2018-15473)",
    children: <p>The remote SSH server leaks whether a user name exists through timing differences.</p>,
    footer: <Button>Change status</Button>,
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

function DrawerFromButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Open finding</Button>
      <Drawer isOpen={isOpen} onOpenChange={setOpen} title="Weak TLS cipher suites">
        <p>TLS 1.0 and RC4 are still offered.</p>
      </Drawer>
    </>
  );
}

export const EscapeClosesAndReturnsFocus: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  render: () => <DrawerFromButton />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole("button", { name: "Open finding" });
    await userEvent.click(trigger);
    await body.findByRole("dialog", { name: "Weak TLS cipher suites" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    // react-aria hands focus back once the exit animation ends, which the test run's frozen motion skips.
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
