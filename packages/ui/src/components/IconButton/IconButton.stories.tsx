import type { Meta, StoryObj } from "@storybook/react-vite";
import { Pencil, Trash2 } from "lucide-react";
import { expect, fn, userEvent, within } from "storybook/test";
import { recipeControls } from "../../docs/recipeControls.ts";
import { Inline } from "../Inline/Inline.tsx";
import * as styles from "./IconButton.css.ts";
import { IconButton } from "./IconButton.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A compact action whose icon is universally understood: close, more, copy, collapse.\n\n**When not to.** Don't use it when the icon needs explaining; use a `Button` with text. Don't use it to navigate.\n\n**Accessibility.** The `aria-label` is required and is the only name screen readers get; a tooltip may repeat it but never replace it.";

const meta = {
  title: "Components/Actions/IconButton",
  id: "actions-iconbutton",
  component: IconButton,
  argTypes: recipeControls(styles.iconButton, "variant", "size"),
  args: { "aria-label": "Edit", icon: <Pencil size={16} />, onPress: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <Inline space="large" alignY="center">
      {(["ghost", "outline"] as const).flatMap((variant) =>
        (["small", "medium"] as const).map((size) => (
          <IconButton
            key={`${variant}-${size}`}
            {...args}
            variant={variant}
            size={size}
            aria-label={`Edit (${variant} ${size})`}
          />
        )),
      )}
      <IconButton {...args} aria-label="Delete" icon={<Trash2 size={16} />} isDisabled />
    </Inline>
  ),
};

export const KeyboardPress: Story = {
  // A behaviour test, not a look: it runs with the tests but stays out of the sidebar and docs.
  tags: ["!dev", "!autodocs", "test-only"],
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Edit" });
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};
