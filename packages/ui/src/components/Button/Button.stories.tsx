import type { Meta, StoryObj } from "@storybook/react-vite";
import { Plus } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { recipeControls } from "../../docs/recipeControls.ts";
import { frameColumns, frameWidth } from "../../docs/storyFrames.css.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import * as styles from "./Button.css.ts";
import { Button } from "./Button.tsx";

const variants = ["solid", "outline", "ghost", "critical", "criticalOutline"] as const;
const sizes = ["small", "medium", "large"] as const;

// The docs page's usage, do/don't and accessibility notes.
const usage =
  '**When to use.** An action on the current page: submit, save, open a dialog. One `solid` button per view for the main action; `outline` or `ghost` for the rest; `critical` for destructive actions.\n\n**When not to.** Don\'t use a button to go to another page: use `Link` (an `<a href>`). Don\'t put two solid buttons side by side. Icon-only? Use `IconButton`.\n\n**Accessibility.** The label says what happens ("Delete repository", not "OK"). While `isPending` the button keeps focus and width and announces its pending state; it ignores presses instead of being disabled, so focus is never lost.';

const meta = {
  title: "Components/Actions/Button",
  id: "actions-button",
  component: Button,
  args: { children: "Save changes", onPress: fn() },
  argTypes: recipeControls(styles.button, "variant", "size", "fullWidth"),
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["3 content"], sprinkles({ gap: "large", alignItems: "center" })].join(" ")}>
      {variants.flatMap((variant) =>
        sizes.map((size) => (
          <Button key={`${variant}-${size}`} {...args} variant={variant} size={size} icon={<Plus />}>
            {`${variant} ${size}`}
          </Button>
        )),
      )}
    </div>
  ),
};

export const States: Story = {
  render: (args) => (
    <Inline space="large">
      <Button {...args}>Enabled</Button>
      <Button {...args} isDisabled>
        Disabled
      </Button>
      <Button {...args} isPending pendingLabel="Saving">
        Pending
      </Button>
      <Button {...args} variant="outline" isDisabled>
        Disabled outline
      </Button>
    </Inline>
  ),
};

/** A label longer than the button's width wraps onto more lines; none of it is cut off. */
export const LongText: Story = {
  args: { children: "Download the complete vulnerability assessment report as PDF" },
  render: (args) => (
    <div className={frameWidth["12rem"]}>
      <Button {...args} fullWidth />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: /^Download the complete/ });
    const box = button.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(button);
    const label = range.getBoundingClientRect();
    await expect(label.left).toBeGreaterThanOrEqual(box.left);
    await expect(label.right).toBeLessThanOrEqual(box.right);
    await expect(label.top).toBeGreaterThanOrEqual(box.top);
    await expect(label.bottom).toBeLessThanOrEqual(box.bottom);
    await expect(button.scrollWidth).toBeLessThanOrEqual(button.clientWidth);
  },
};

export const KeyboardPress: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const button = canvas.getByRole("button", { name: "Save changes" });
    await expect(button).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const PendingIgnoresPress: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  args: { isPending: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: /Save changes/ });
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(within(button).getByRole("progressbar", { name: "Loading" })).toBeInTheDocument();
  },
};
