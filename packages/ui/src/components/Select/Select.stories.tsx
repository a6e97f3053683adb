import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Dialog, Modal } from "../Dialog/Dialog.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { Select } from "./Select.tsx";

const scanTypes = [
  { id: "quick", label: "Quick scan", description: "Top 100 checks, about 10 minutes." },
  { id: "full", label: "Full scan", description: "Every check, a few hours." },
  {
    id: "authenticated",
    label: "Authenticated scan",
    isDisabled: true,
    description: "Add credentials to the target first.",
  },
  { id: "api", label: "API scan" },
];

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Picking one option from a short or medium list (about 5–15) in a form or a filter bar.\n\n**When not to.** Don't use it for two or three options that fit on screen (use `RadioGroup`), for long lists that need typing (use `ComboBox`), or for actions (use `Menu`).\n\n**Accessibility.** A button that opens a listbox: arrow keys move, typeahead jumps on the closed trigger, Enter picks. The label and errors are wired to the trigger.";

const meta = {
  title: "Components/Forms/Select",
  id: "forms-select",
  component: Select,
  args: { label: "Scan type", items: scanTypes, placeholder: "Choose a scan type", onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <Select {...args} label="With description" description="You can change it before each run." defaultValue="full" />
      <Select {...args} label="Required" isRequired />
      <Select {...args} label="Invalid" isInvalid errorMessage="Choose a scan type to continue." />
      <Select {...args} label="Disabled" isDisabled defaultValue="quick" />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Repository that holds the infrastructure-as-code definitions for this environment",
    items: [
      { id: "long", label: "company-platform/infrastructure-as-code-production-eu-west-with-a-long-name" },
      { id: "short", label: "web" },
    ],
    defaultValue: "long",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <Select {...args} />
    </div>
  ),
};

export const KeyboardSelection: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    // The field draws a stand-in trigger until react-aria's Select has loaded, then swaps in the real
    // one (focus moves with it), so the trigger is looked up afresh rather than held across steps.
    const trigger = () => canvas.getByRole("button", { name: /Scan type/ });
    await userEvent.tab();
    await waitFor(() => expect(trigger()).toHaveFocus());

    await userEvent.keyboard("{ArrowDown}");
    const listbox = await body.findByRole("listbox");
    await waitFor(() => expect(within(listbox).getByRole("option", { name: /Quick scan/ })).toHaveFocus());

    const disabled = within(listbox).getByRole("option", { name: /Authenticated scan/ });
    await expect(disabled).toHaveAttribute("aria-disabled", "true");
    await expect(disabled).toHaveAccessibleName("Authenticated scan Add credentials to the target first.");

    // The disabled option is skipped: Down twice lands on "API scan".
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(within(listbox).getByRole("option", { name: "API scan" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");

    await waitFor(() => expect(body.queryByRole("listbox")).not.toBeInTheDocument());
    await expect(args.onChange).toHaveBeenCalledWith("api");
    await expect(trigger()).toHaveTextContent("API scan");
    // Focus returns to the trigger when the list has finished closing: react-aria restores it a
    // frame after the popover unmounts, which in the built Storybook (motion not frozen) is after
    // the list's exit fade, not in the same tick as the list leaving the document.
    await waitFor(() => expect(trigger()).toHaveFocus());
  },
};

/** Leaves the list open so the accessibility checks cover the popover, options and disabled reasons. */
export const OpenList: Story = {
  args: { defaultValue: "full" },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Scan type/ }));
    const listbox = await body.findByRole("listbox");
    // The product's menu layer (vars.zIndex.menu = 1000), not react-aria's inline 100000.
    const popover = listbox.closest<HTMLElement>("[data-trigger]");
    await expect(popover && getComputedStyle(popover).zIndex).toBe("1000");
    await expect(within(listbox).getByRole("option", { name: "Full scan Every check, a few hours." })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  },
};

/** A Select in a modal: its list must open above the modal layer, not behind it. */
export const InsideModal: Story = {
  // The modal renders in a portal outside the story root, so a root screenshot would be empty.
  parameters: { visual: false },
  render: (args) => (
    <Modal isOpen>
      <Dialog title="New scan">
        <Select {...args} />
      </Dialog>
    </Modal>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole("button", { name: /Scan type/ }));
    const listbox = await body.findByRole("listbox");
    const popover = listbox.closest<HTMLElement>("[data-trigger]");
    await expect(popover && getComputedStyle(popover).zIndex).toBe("1100");
    const option = within(listbox).getByRole("option", { name: "API scan" });
    const box = option.getBoundingClientRect();
    // What a pointer would hit at the option's centre is the option, not the modal's overlay.
    await expect(option.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))).toBe(true);
  },
};
