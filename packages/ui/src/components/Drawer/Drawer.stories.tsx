import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../Button/Button.tsx";
import { Drawer } from "./Drawer.tsx";

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
