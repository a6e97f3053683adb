import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { TextArea } from "./TextArea.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Several lines of free text: a ticket description, a status-change message.\n\n**When not to.** Don't use it for a single line (use `TextField`).\n\n**Accessibility.** Label, description and error are wired to the textarea with `aria-labelledby` and `aria-describedby`.";

const meta = {
  title: "Components/Forms/TextArea",
  id: "forms-textarea",
  component: TextArea,
  args: { label: "Message", placeholder: "Describe the issue", onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="xlarge" className={frameMaxWidth["24rem"]}>
      <TextArea {...args} label="With description" description="Our team replies within one business day." />
      <TextArea {...args} label="Required" isRequired rows={2} />
      <TextArea
        {...args}
        label="Invalid"
        rows={2}
        isInvalid
        errorMessage="Write at least 20 characters."
        defaultValue="Too short"
      />
      <TextArea {...args} label="Disabled" rows={2} isDisabled defaultValue="This ticket is closed." />
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    label: "Steps to reproduce the vulnerability, including every request you sent",
    defaultValue:
      "1. Open https://staging.example.com/admin/login?redirect=%2Fdashboard%2Fsettings%2Fusers\n2. Send the payload in the username field.\n3. Observe the reflected script.",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <TextArea {...args} />
    </div>
  ),
};

export const TypesMultipleLines: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Message" });
    await userEvent.type(input, "First line{Enter}Second line");
    await expect(input).toHaveValue("First line\nSecond line");
    await expect(args.onChange).toHaveBeenLastCalledWith("First line\nSecond line");
  },
};
