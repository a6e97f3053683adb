import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { Checkbox, CheckboxGroup } from "./Checkbox.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** A yes/no choice submitted with a form ("I have authorisation to scan this target"), or several choices in a `CheckboxGroup`.\n\n**When not to.** Don\'t use it for a setting that applies at once (use `Switch`) or for one choice among many (use `RadioGroup`).\n\n**Accessibility.** The whole label is the click target. `isIndeterminate` is visual only and is announced as "mixed". Errors are tied to the box with `aria-describedby`.';

const meta = {
  title: "Components/Forms/Checkbox",
  id: "forms-checkbox",
  component: Checkbox,
  args: { children: "Email me when a scan finishes", onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="large" className={frameMaxWidth["24rem"]}>
      <Checkbox {...args}>Unchecked</Checkbox>
      <Checkbox {...args} defaultSelected>
        Checked
      </Checkbox>
      <Checkbox {...args} isIndeterminate>
        Indeterminate
      </Checkbox>
      <Checkbox {...args} description="We send at most one email a day.">
        With description
      </Checkbox>
      <Checkbox {...args} isRequired isInvalid errorMessage="Accept the terms to continue.">
        I accept the terms of service
      </Checkbox>
      <Checkbox {...args} isDisabled>
        Disabled
      </Checkbox>
      <Checkbox {...args} isDisabled defaultSelected>
        Disabled and checked
      </Checkbox>
    </Stack>
  ),
};

export const Group: Story = {
  render: () => (
    <Stack space="xlarge" className={frameMaxWidth["32rem"]}>
      <CheckboxGroup label="Notify me about" description="Applies to every project you follow." defaultValue={["high"]}>
        <Checkbox value="high">High severity findings</Checkbox>
        <Checkbox value="medium">Medium severity findings</Checkbox>
        <Checkbox value="reports">Monthly reports</Checkbox>
      </CheckboxGroup>
      <CheckboxGroup
        label="Severities"
        orientation="horizontal"
        isRequired
        isInvalid
        errorMessage="Pick at least one severity."
      >
        <Checkbox value="HIGH">High</Checkbox>
        <Checkbox value="MEDIUM">Medium</Checkbox>
        <Checkbox value="LOW">Low</Checkbox>
      </CheckboxGroup>
      <CheckboxGroup label="Disabled group" isDisabled defaultValue={["a"]}>
        <Checkbox value="a">Option A</Checkbox>
        <Checkbox value="b">Option B</Checkbox>
      </CheckboxGroup>
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    children:
      "I confirm that I am authorised by the owner of every target in this configuration to run intrusive security tests against it",
    description: "Keep the written authorisation; we may ask for it if a target owner complains.",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <Checkbox {...args} />
    </div>
  ),
};

function SelectAll() {
  const all = ["api", "web", "mobile"];
  const [selected, setSelected] = useState<string[]>(["api"]);
  return (
    <Stack space="small">
      <Checkbox
        isSelected={selected.length === all.length}
        isIndeterminate={selected.length > 0 && selected.length < all.length}
        onChange={(on) => setSelected(on ? all : [])}
      >
        All targets
      </Checkbox>
      <CheckboxGroup aria-label="Targets" value={selected} onChange={setSelected}>
        {all.map((t) => (
          <Checkbox key={t} value={t}>
            {t}
          </Checkbox>
        ))}
      </CheckboxGroup>
    </Stack>
  );
}

export const IndeterminateSelectAll: Story = {
  render: () => <SelectAll />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole("checkbox", { name: "All targets" });
    await expect(all).toBePartiallyChecked();
    await userEvent.click(all);
    await expect(all).toBeChecked();
    for (const name of ["api", "web", "mobile"]) await expect(canvas.getByRole("checkbox", { name })).toBeChecked();
    await userEvent.click(canvas.getByRole("checkbox", { name: "web" }));
    await expect(all).toBePartiallyChecked();
  },
};

export const KeyboardToggle: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole("checkbox", { name: "Email me when a scan finishes" });
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
  },
};
