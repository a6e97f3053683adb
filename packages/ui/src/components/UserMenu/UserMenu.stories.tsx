import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameMaxWidth } from "../../docs/storyFrames.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import { UserMenu } from "./UserMenu.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** The signed-in user's name and role in the top bar, opening Settings, Privacy Policy and Log Out.\n\n**When not to.** Don't add page actions to it.\n\n**Accessibility.** A menu button: Enter, Space or ArrowDown opens it with focus on the first entry; Escape closes it. The open menu starts with the user's full name and role.";

const meta = {
  title: "Components/App frame/UserMenu",
  id: "app-frame-usermenu",
  component: UserMenu,
  args: {
    name: "Ayu Lestari",
    role: "CLIENT_ADMIN",
    settingsHref: "/profile/account",
    privacyHref: "/privacy-policy",
    uiKitsHref: "/ui-kits",
    onLogout: fn(),
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <Inline space="xlarge">
      <UserMenu {...args} {...{ name: "Super Admin User", role: "SUPER_ADMIN" as const }} />
      <UserMenu {...args} {...{ name: "Ayu Lestari", role: "CLIENT_ADMIN" as const }} />
      <UserMenu {...args} {...{ name: "Budi Santoso", role: "ANALYST" as const }} />
      <UserMenu {...args} {...{ name: "citra", role: "CLIENT" as const }} />
      <UserMenu {...args} {...{ name: "Dimas Pratama", role: "MEMBER" as const }} />
    </Inline>
  ),
};

export const Stress: Story = {
  args: { name: "Maximiliana Wilhelmina Alexandrovna-Konstantinopolous von Habsburg" },
  render: (args) => (
    <div className={frameMaxWidth["14rem"]}>
      <UserMenu {...args} />
    </div>
  ),
};

/** Without `uiKitsHref` the menu has Settings, Privacy Policy and Log Out only. */
export const WithoutUiKits: Story = {
  args: { uiKitsHref: undefined },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Ayu Lestari/ }));
    const menu = await body.findByRole("menu");
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Settings", "Privacy Policy", "Log Out"]);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("menu")).not.toBeInTheDocument());
  },
};

/** Opens from the keyboard; entries link to their routes and Log Out calls the handler. */
export const OpenAndLogOut: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole("button", { name: /Ayu Lestari/ });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const menu = await body.findByRole("menu");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/profile/account");
    await expect(within(menu).getByRole("menuitem", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(within(menu).getByRole("menuitem", { name: "UI Kits" })).toHaveAttribute("href", "/ui-kits");
    await userEvent.keyboard("{ArrowUp}");
    await expect(within(menu).getByRole("menuitem", { name: "Log Out" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onLogout).toHaveBeenCalledOnce();
    // Focus goes back to the trigger once the menu has closed.
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(body.queryByRole("menu")).not.toBeInTheDocument();
  },
};
