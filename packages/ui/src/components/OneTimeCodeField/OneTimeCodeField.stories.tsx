import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { OneTimeCodeField } from "./OneTimeCodeField.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** The six-digit code from an authenticator app or e-mail during sign-in.\n\n**When not to.** Don't split it into one box per digit, and don't use it for other numbers.\n\n**Accessibility.** One labelled input with `autocomplete=\"one-time-code\"`, so password managers and phones can fill it and screen readers read one field.";

const meta = {
  title: "Components/Forms/OneTimeCodeField",
  id: "forms-onetimecodefield",
  component: OneTimeCodeField,
  args: {
    label: "Verification code",
    description: "Enter the 6-digit code from your authenticator app.",
    onChange: fn(),
    onComplete: fn(),
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof OneTimeCodeField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <OneTimeCodeField {...args} label="Partly filled" defaultValue="123" />
      <OneTimeCodeField {...args} label="Required" isRequired description={undefined} />
      <OneTimeCodeField
        {...args}
        label="Invalid"
        defaultValue="000000"
        isInvalid
        errorMessage="That code has expired. Request a new one."
      />
      <OneTimeCodeField {...args} label="Disabled" defaultValue="424242" isDisabled />
      <OneTimeCodeField {...args} label="Four-digit PIN" length={4} description={undefined} />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Code we sent by SMS to the phone number ending in 4321 on your company account",
    description: "Codes expire after 5 minutes. Didn't get one? Wait a minute, then request another.",
    defaultValue: "987654",
  },
  render: (args) => (
    <div className={frameWidth["12rem"]}>
      <OneTimeCodeField {...args} />
    </div>
  ),
};

export const TypedCode: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Verification code" });
    await expect(input).toHaveAttribute("autocomplete", "one-time-code");
    await expect(input).toHaveAttribute("inputmode", "numeric");

    await userEvent.type(input, "12a3 45");
    await expect(input).toHaveValue("12345");
    await expect(args.onComplete).not.toHaveBeenCalled();

    await userEvent.type(input, "67");
    await expect(input).toHaveValue("123456");
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith("123456");
  },
};

export const PastedCode: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Verification code" });
    await userEvent.click(input);
    await userEvent.paste(" 987-654 ");
    await expect(input).toHaveValue("987654");
    await expect(args.onChange).toHaveBeenLastCalledWith("987654");
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
    await expect(args.onComplete).toHaveBeenCalledWith("987654");
  },
};
