import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { TextField } from "./TextField.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** One line of free text: a name, an e-mail, a host.\n\n**When not to.** Don't use it for numbers with bounds (`NumberField`), passwords (`PasswordField`), codes (`OneTimeCodeField`) or searches (`SearchField`).\n\n**Accessibility.** The visible label is the accessible name; help text and errors are tied with `aria-describedby`. Set `type` and `autoComplete` so browsers can fill it.";

const meta = {
  title: "Components/Forms/TextField",
  id: "forms-textfield",
  component: TextField,
  args: { label: "Target name", placeholder: "e.g. Public website", onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <TextField {...args} label="With description" description="Shown in reports and notifications." />
      <TextField {...args} label="Required" isRequired />
      <TextField
        {...args}
        label="Invalid"
        defaultValue="bad value"
        isInvalid
        errorMessage="Use letters, digits and dashes only."
      />
      <TextField {...args} label="Disabled" defaultValue="Read from the scanner" isDisabled />
      <TextField {...args} label="Read only" defaultValue="scan-0042" isReadOnly />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Fully qualified domain name of the externally reachable staging environment",
    defaultValue: "very-long-subdomain-name.staging.internal.example-company-with-a-long-name.co.id",
    description:
      "Include every subdomain level; wildcards are resolved at scan start and may take a while to enumerate.",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <TextField {...args} />
    </div>
  ),
};

export const ValidatesWhileTyping: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: {
    label: "Email",
    type: "email",
    isRequired: true,
    validate: (value) => (value.includes("@") ? null : "Enter an email address like name@company.com."),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Email" });
    await expect(input).toBeRequired();
    await userEvent.type(input, "analyst");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(canvas.getByText("Enter an email address like name@company.com.")).toBeVisible();
    await expect(input).toHaveAccessibleDescription(/Enter an email address/);
    await userEvent.type(input, "@example.com");
    await expect(input).not.toHaveAttribute("aria-invalid");
    await expect(args.onChange).toHaveBeenLastCalledWith("analyst@example.com");
  },
};
