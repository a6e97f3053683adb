import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { frameColumns } from "../../docs/storyFrames.css.ts";
import type { Role, RoleAlias } from "../../tokens/domain.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import { RoleBadge } from "./RoleBadge.tsx";

const roles = ["SUPER_ADMIN", "CLIENT_ADMIN", "ANALYST", "CLIENT"] as const satisfies readonly Role[];
const aliases = ["ADMIN", "MEMBER"] as const satisfies readonly RoleAlias[];

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** A user's role wherever people are listed: member lists, the user menu.\n\n**When not to.** Don't use it for other enumerations; use `Badge` with a tone.\n\n**Accessibility.** The role's label is the text, so the colour is never the only cue.";

const meta = {
  title: "Components/Badges/RoleBadge",
  id: "badges-rolebadge",
  component: RoleBadge,
  args: { role: "SUPER_ADMIN" },
  argTypes: { role: { control: "select", options: [...roles, ...aliases] } },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof RoleBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Super Admin")).toBeVisible();
  },
};

/** Every role and alias in every weight and size. */
export const AllVariants: Story = {
  render: (args) => (
    <div className={[frameColumns["6 content"], sprinkles({ gap: "medium" })].join(" ")}>
      {[...roles, ...aliases].flatMap((role) => [
        <RoleBadge key={`${role}-subtle`} {...args} role={role} />,
        <RoleBadge key={`${role}-outlined`} {...args} role={role} weight="outlined" />,
        <RoleBadge key={`${role}-solid`} {...args} role={role} weight="solid" />,
        <RoleBadge key={`${role}-subtle-medium`} {...args} role={role} size="medium" />,
        <RoleBadge key={`${role}-outlined-medium`} {...args} role={role} size="medium" weight="outlined" />,
        <RoleBadge key={`${role}-solid-medium`} {...args} role={role} size="medium" weight="solid" />,
      ])}
    </div>
  ),
};

export const Labels: Story = {
  render: () => (
    <Inline as="ul" aria-label="Roles" space="small">
      {[...roles, ...aliases].map((role) => (
        <li key={role}>
          <RoleBadge role={role} />
        </li>
      ))}
    </Inline>
  ),
  play: async ({ canvasElement }) => {
    const items = within(canvasElement).getAllByRole("listitem");
    await expect(items.map((item) => item.textContent)).toEqual([
      "Super Admin",
      "Admin",
      "Analyst",
      "Member",
      "Admin",
      "Member",
    ]);
  },
};

export const UnknownRole: Story = {
  // A role added by the backend later renders as neutral, humanised text instead of crashing.
  args: { role: "BILLING_MANAGER" as Role },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText("Billing Manager");
    await expect(badge.closest("[data-tone]")).toHaveAttribute("data-tone", "neutral");
  },
};
