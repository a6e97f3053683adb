import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { PasswordField } from "./PasswordField.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Password entry with a reveal toggle: sign-in, reset, change password.\n\n**When not to.** Don't use it for tokens or API keys the user should copy (show them read-only with a copy action).\n\n**Accessibility.** The reveal toggle is a named toggle button (`aria-pressed`); revealing keeps the value, caret and focus. Use `autoComplete` (`current-password` or `new-password`).";

const meta = {
  title: "Components/Forms/PasswordField",
  id: "forms-passwordfield",
  component: PasswordField,
  args: { label: "Password", onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <PasswordField
        {...args}
        label="New password"
        autoComplete="new-password"
        description="At least 12 characters, with a number and a symbol."
      />
      <PasswordField {...args} label="Required" isRequired />
      <PasswordField
        {...args}
        label="Invalid"
        defaultValue="short"
        isInvalid
        errorMessage="Incorrect password. 2 attempts left."
      />
      <PasswordField {...args} label="Disabled" defaultValue="secret-value" isDisabled />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Password of the service account used to authenticate against the target's admin panel",
    defaultValue: "a-very-long-passphrase-that-keeps-going-and-going-and-going",
    description: "Stored encrypted and only used while the authenticated scan runs.",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <PasswordField {...args} />
    </div>
  ),
};

export const TogglesVisibility: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Password");
    await expect(input).toHaveAttribute("type", "password");
    await userEvent.type(input, "hunter2!");

    const toggle = canvas.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(input).toHaveAttribute("type", "text");
    await expect(input).toHaveValue("hunter2!");

    await userEvent.keyboard("{Enter}");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(input).toHaveAttribute("type", "password");
    await expect(input).toHaveValue("hunter2!");
  },
};
