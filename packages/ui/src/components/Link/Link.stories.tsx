import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Link } from "./Link.tsx";

const meta = {
  title: "Components/Actions/Link",
  id: "actions-link",
  component: Link,
  args: { href: "#details", children: "View scan details" },
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
    <div style={{ display: "flex", flexDirection: "column", gap: "0.75rem" }}>
      <p>
        Running text with an <Link {...args} variant="inline" /> inside it.
      </p>
      <Link {...args} variant="standalone" />
      <Link {...args} variant="quiet" />
      <Link {...args} isDisabled>
        Disabled link
      </Link>
    </div>
  ),
};

export const LongText: Story = {
  render: (args) => (
    <div style={{ width: "12rem" }}>
      <Link {...args}>A very long link label that has to wrap inside a narrow container without overflowing it</Link>
    </div>
  ),
};
