import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { recipeControls } from "../../docs/recipeControls.ts";
import { frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import * as styles from "./Link.css.ts";
import { Link } from "./Link.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Anything that navigates: to another page, a record, an external document. It renders an `<a href>`, so it opens in a new tab and can be shared.\n\n**When not to.** Don't use it for actions that change data (use `Button`). Don't use \"click here\"; the text says where it goes.\n\n**Accessibility.** Internal links navigate through the app's router without a reload. External links opened in a new tab say so in their text.";

const meta = {
  title: "Components/Actions/Link",
  id: "actions-link",
  component: Link,
  argTypes: recipeControls(styles.link, "variant"),
  args: { href: "#details", children: "View scan details" },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "View scan details" });
    await expect(link).toHaveAttribute("href", "#details");
  },
};

export const AllVariants: Story = {
  render: (args) => (
    <Stack space="medium">
      <p>
        Running text with an <Link {...args} variant="inline" /> inside it.
      </p>
      <Link {...args} variant="standalone" />
      <Link {...args} variant="quiet" />
      <Link {...args} isDisabled>
        Disabled link
      </Link>
    </Stack>
  ),
};

export const LongText: Story = {
  render: (args) => (
    <div className={frameWidth["12rem"]}>
      <Link {...args}>A very long link label that has to wrap inside a narrow container without overflowing it</Link>
    </div>
  ),
};
