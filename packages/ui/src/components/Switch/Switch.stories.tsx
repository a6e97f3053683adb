import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { Switch } from "./Switch.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** An on/off setting that takes effect at once: notifications, dark mode.\n\n**When not to.** Don't use it inside a form that is submitted later (use `Checkbox`).\n\n**Accessibility.** A `switch` role with the label as its name; its state is announced as on or off.";

const meta = {
  title: "Components/Forms/Switch",
  id: "forms-switch",
  component: Switch,
  args: { children: "Email alerts", onChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const States: Story = {
  render: (args) => (
    <Stack space="large" className={frameMaxWidth["24rem"]}>
      <Switch {...args}>Off</Switch>
      <Switch {...args} defaultSelected>
        On
      </Switch>
      <Switch {...args} description="Sends a code to your phone at every sign-in.">
        Two-factor authentication
      </Switch>
      <Switch {...args} isInvalid errorMessage="Verify your phone number first.">
        SMS alerts
      </Switch>
      <Switch {...args} isDisabled>
        Disabled
      </Switch>
      <Switch {...args} isDisabled defaultSelected>
        Disabled and on
      </Switch>
    </Stack>
  ),
};

export const LongText: Story = {
  args: {
    children: "Automatically create a ticket for every new high-severity finding and assign it to the target owner",
    description: "Tickets are created once per finding, not per scan.",
  },
  render: (args) => (
    <div className={frameWidth["14rem"]}>
      <Switch {...args} />
    </div>
  ),
};

export const KeyboardToggle: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole("switch", { name: "Email alerts" });
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(toggle).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(" ");
    await expect(toggle).not.toBeChecked();
  },
};
