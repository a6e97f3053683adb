import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { NumberField } from "./NumberField.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Entering a number with bounds or a format: credits, a port, a percentage. Steppers and arrow keys adjust it.\n\n**When not to.** Don't use it for identifiers that happen to be digits (phone, card, OTP; use `TextField` or `OneTimeCodeField`).\n\n**Accessibility.** A labelled spin button; the increment and decrement buttons are named and out of the tab order, so Tab goes straight to the next field.";

const meta = {
  title: "Components/Forms/NumberField",
  id: "forms-numberfield",
  component: NumberField,
  args: { label: "Concurrent scans", defaultValue: 2, minValue: 1, maxValue: 10, onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Formats: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <NumberField
        {...args}
        label="Top-up amount"
        defaultValue={1500000}
        minValue={0}
        maxValue={undefined}
        step={50000}
        formatOptions={{ style: "currency", currency: "IDR", maximumFractionDigits: 0 }}
      />
      <NumberField
        {...args}
        label="Alert threshold"
        defaultValue={0.25}
        minValue={0}
        maxValue={1}
        step={0.05}
        formatOptions={{ style: "percent" }}
      />
      <NumberField
        {...args}
        label="Requests per day"
        defaultValue={12500}
        minValue={0}
        maxValue={undefined}
        step={500}
      />
      {/* Intl writes unit names in the number locale ("30 dtk"): the unit goes in the label. */}
      <NumberField {...args} label="Request timeout (seconds)" defaultValue={30} maxValue={120} />
      <NumberField {...args} label="Without steppers" showSteppers={false} />
    </Stack>
  ),
  // Numbers read in the product's Indonesian format (spec §9), whatever the app's locale.
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Top-up amount" })).toHaveValue("Rp\u00a01.500.000");
    const requests = canvas.getByRole("textbox", { name: "Requests per day" });
    await expect(requests).toHaveValue("12.500");
    await userEvent.click(canvas.getByRole("button", { name: "Increase Requests per day" }));
    await expect(requests).toHaveValue("13.000");
  },
};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <NumberField {...args} label="With description" description="Between 1 and 10." />
      <NumberField {...args} label="Required" isRequired />
      <NumberField {...args} label="Invalid" isInvalid errorMessage="Your plan allows at most 1 concurrent scan." />
      <NumberField {...args} label="Disabled" isDisabled />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Maximum number of requests per second sent to the target during the crawl phase",
    defaultValue: 123456789,
    maxValue: undefined,
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <NumberField {...args} />
    </div>
  ),
};

export const KeyboardStepping: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Concurrent scans" });
    await userEvent.click(input);
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    await expect(input).toHaveValue("4");
    await expect(args.onChange).toHaveBeenLastCalledWith(4);

    await userEvent.click(canvas.getByRole("button", { name: /Decrease/ }));
    await expect(input).toHaveValue("3");

    await userEvent.clear(input);
    await userEvent.type(input, "50");
    await userEvent.tab();
    await expect(input).toHaveValue("10");
  },
};
