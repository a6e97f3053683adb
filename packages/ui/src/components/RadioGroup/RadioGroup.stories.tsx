import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { Radio, RadioGroup } from "./RadioGroup.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** One choice among two to five options that should all be visible: a schedule type, a payment method.\n\n**When not to.** Don't use it for many options (use `Select`) or for an on/off setting (use `Switch` or `Checkbox`).\n\n**Accessibility.** A labelled `radiogroup`: Tab enters and leaves the group, arrow keys move the choice.";

const meta = {
  title: "Components/Forms/RadioGroup",
  id: "forms-radiogroup",
  component: RadioGroup,
  args: { label: "Schedule", onChange: fn() },
  render: (args) => (
    <RadioGroup {...args}>
      <Radio value="once">Once</Radio>
      <Radio value="daily" description="Runs at 02:00 in the company's time zone.">
        Daily
      </Radio>
      <Radio value="weekly">Weekly</Radio>
      <Radio value="monthly" isDisabled description="Available on the Enterprise plan.">
        Monthly
      </Radio>
    </RadioGroup>
  ),
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { defaultValue: "daily" } };

export const Horizontal: Story = { args: { orientation: "horizontal", defaultValue: "once" } };

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge">
      <RadioGroup {...args} label="With description" description="You can change it later.">
        <Radio value="a">Option A</Radio>
        <Radio value="b">Option B</Radio>
      </RadioGroup>
      <RadioGroup {...args} label="Required and invalid" isRequired isInvalid errorMessage="Choose how often to scan.">
        <Radio value="a">Option A</Radio>
        <Radio value="b">Option B</Radio>
      </RadioGroup>
      <RadioGroup {...args} label="Disabled" isDisabled defaultValue="a">
        <Radio value="a">Option A</Radio>
        <Radio value="b">Option B</Radio>
      </RadioGroup>
    </Stack>
  ),
};

export const LongText: Story = {
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <RadioGroup
        {...args}
        label="What should happen to findings that were not seen in the latest scan of this target?"
      >
        <Radio value="close" description="They reopen automatically if a later scan sees them again.">
          Mark them as mitigated and close the related tickets
        </Radio>
        <Radio value="keep">Keep them open</Radio>
      </RadioGroup>
    </div>
  ),
};

export const KeyboardChoice: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: { defaultValue: "once" },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("radio", { name: "Once" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    const daily = canvas.getByRole("radio", { name: "Daily" });
    await expect(daily).toBeChecked();
    await expect(daily).toHaveAccessibleDescription("Runs at 02:00 in the company's time zone.");
    await expect(args.onChange).toHaveBeenLastCalledWith("daily");
    // The disabled "Monthly" is skipped, wrapping back to the first option.
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(canvas.getByRole("radio", { name: "Once" })).toBeChecked();
  },
};
