import type { Meta, StoryObj } from "@storybook/react-vite";
import { type ReactNode, useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameMaxWidth, frameWidth } from "../../docs/storyFrames.css.ts";
import { Stack } from "../Stack/Stack.tsx";
import { type Theme, ThemeToggle } from "../ThemeToggle/ThemeToggle.tsx";
import { UserMenu } from "../UserMenu/UserMenu.tsx";
import { TopBar } from "./TopBar.tsx";

const user = {
  name: "Ayu Lestari",
  role: "CLIENT_ADMIN",
  settingsHref: "/profile/account",
  privacyHref: "/privacy-policy",
  onLogout: () => {},
} as const;

function Actions() {
  const [theme, setTheme] = useState<Theme>("light");
  return (
    <>
      <ThemeToggle theme={theme} onThemeChange={setTheme} />
      <UserMenu {...user} />
    </>
  );
}

/** Several top bars on one page would be several banners; inside a section a header is not a landmark. */
function Example({ label, children }: { label: string; children: ReactNode }) {
  return <section aria-label={label}>{children}</section>;
}

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** The shell's top bar: the breadcrumb trail, the credit balance, the theme toggle and the user menu. One per app.\n\n**When not to.** Don't add page actions to it (put them in the page header).\n\n**Accessibility.** A `banner` landmark. Under 768 px the trail moves to its own row and the balance and user menu compact, so nothing is cut off on a phone or when zoomed in.";

const meta = {
  title: "Components/App frame/TopBar",
  id: "app-frame-topbar",
  component: TopBar,
  args: {
    // The pages above the current one; the page's own h1 names it.
    breadcrumbs: [
      { label: "Network", href: "/network-va" },
      { label: "Scan configuration 12", href: "/network-va/12" },
    ],
    balance: 1_250_000,
    balanceHref: "/credits-activity",
    actions: <Actions />,
  },
  parameters: { layout: "fullscreen", docs: { description: { component: usage } } },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The balance leads to the credits page: a link named by its label and amount. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "Credits 1.250.000" });
    expect(link).toHaveAttribute("href", "/credits-activity");
  },
};

export const AllVariants: Story = {
  render: (args) => (
    <Stack space="large">
      <Example label="Complete">
        <TopBar {...args} />
      </Example>
      <Example label="Top-level page, zero balance">
        <TopBar {...args} breadcrumbs={[]} balance={0} />
      </Example>
      <Example label="No actions">
        <TopBar {...args} breadcrumbs={[]} actions={undefined} />
      </Example>
      <Example label="With the menu button">
        <TopBar {...args} breadcrumbs={[]} onNavigationOpen={() => {}} />
      </Example>
    </Stack>
  ),
};

/** While the balance loads it shows a placeholder and is marked busy; a missing balance reads 0. */
export const States: Story = {
  render: (args) => (
    <Stack space="large">
      <Example label="Loading">
        <TopBar {...args} isBalanceLoading />
      </Example>
      <Example label="Missing">
        <TopBar {...args} breadcrumbs={[]} balance={null} />
      </Example>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const loading = canvas.getByRole("region", { name: "Loading" });
    const missing = canvas.getByRole("region", { name: "Missing" });
    await expect(within(loading).getByText("Credits").closest("a")?.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(within(missing).getByText("Credits").closest("a")).toHaveTextContent("Credits0");
  },
};

/** An account with no company (staff) has no balance: the bar shows none, not a 0 or a placeholder. */
export const WithoutBalance: Story = {
  args: { hasBalance: false },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole("banner");
    await expect(within(banner).queryByText("Credits")).toBeNull();
    await expect(within(banner).queryByText("1.250.000")).toBeNull();
    await expect(within(banner).getByRole("button", { name: /Ayu Lestari/ })).toBeVisible();
  },
};

/** A crumb can open a menu of sibling pages. */
export const DropdownCrumb: Story = {
  args: {
    breadcrumbs: [
      {
        label: "Asset Inventory",
        children: [
          { label: "Network", href: "/asset-inventory/1/network" },
          { label: "Application", href: "/asset-inventory/1/application" },
        ],
      },
      { label: "Exposure Detection" },
    ],
  },
};

/** The balance uses the Indonesian number format with no decimals. */
export const BalanceFormat: Story = {
  args: { balance: 1_234_567.89 },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole("banner");
    await expect(within(banner).getByText("1.234.568")).toBeVisible();
    await expect(within(banner).getByRole("navigation", { name: "Breadcrumbs" })).toBeVisible();
    // The breadcrumb links render a commit after the trail (react-aria's collection).
    await expect(await within(banner).findByRole("link", { name: "Network" })).toHaveAttribute("href", "/network-va");
    // A trail of the pages above this one: each is a link, none is marked as the current page.
    await expect(within(banner).getByRole("link", { name: "Scan configuration 12" })).toHaveAttribute(
      "href",
      "/network-va/12",
    );
    await expect(within(banner).queryByRole("link", { current: "page" })).toBeNull();
  },
};

export const Stress: Story = {
  args: {
    breadcrumbs: [
      { label: "Threat Inspection", href: "/threat-inspection" },
      {
        label: "A very long configuration name that has to truncate before it pushes the controls away",
        href: "/threat-inspection/4/target-overview",
      },
    ],
    balance: 98_765_432_109,
  },
  render: (args) => (
    <Stack space="large">
      <Example label="Wide">
        <TopBar {...args} breadcrumbs={[]} />
      </Example>
      <Example label="Narrow">
        <div className={frameMaxWidth["36rem"]}>
          <TopBar {...args} />
        </div>
      </Example>
    </Stack>
  ),
};

/** A phone-sized frame (390 px): the story measures the bar, not the viewport. */
function Phone({ children }: { children: ReactNode }) {
  return <div className={frameWidth["390px"]}>{children}</div>;
}

/**
 * Narrower than 768 px: a Menu button opens the navigation, the trail takes a row of its own, the
 * balance keeps its value (the word "Credits" is kept for screen readers) and the user menu is the
 * avatar alone, with no chevron beside it; the open menu names the user in full.
 */
export const Narrow: Story = {
  args: {
    onNavigationOpen: fn(),
    breadcrumbs: [
      { label: "Network", href: "/network-va" },
      { label: "Scan configuration 12 for the production data centre", href: "/network-va/12" },
    ],
  },
  render: (args) => (
    <Phone>
      <TopBar {...args} />
    </Phone>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const banner = canvas.getByRole("banner");
    await expect(banner.scrollWidth).toBeLessThanOrEqual(banner.clientWidth);

    const menuButton = canvas.getByRole("button", { name: "Open menu" });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(menuButton);
    await expect(args.onNavigationOpen).toHaveBeenCalledOnce();

    await expect(canvas.getByText("1.250.000")).toBeVisible();
    await expect(canvas.getByText("Credits").closest("a")).toHaveTextContent("Credits1.250.000");

    const trigger = canvas.getByRole("button", { name: /Ayu Lestari/ });
    await expect(trigger).toHaveAccessibleName("Ayu Lestari Admin");
    // No bare chevron: the avatar alone opens the menu.
    await expect(trigger.querySelector("svg")).not.toBeVisible();
    await userEvent.click(trigger);
    const menu = await body.findByRole("menu");
    // The menu's popover fades in; outside the test run's frozen motion that takes a moment.
    await waitFor(() => expect(within(menu.parentElement as HTMLElement).getByText("Ayu Lestari")).toBeVisible());
    await userEvent.keyboard("{Escape}");
  },
};

/** The same bar at 360 px with a long name and a huge balance: still no sideways scroll. */
export const NarrowStress: Story = {
  args: { onNavigationOpen: fn(), balance: 98_765_432_109 },
  render: (args) => (
    <div className={frameWidth["360px"]}>
      <TopBar
        {...args}
        actions={
          <UserMenu
            {...user}
            name="Bartholomew Alexander Montgomery-Wijayakusuma"
            role="SUPER_ADMIN"
            onLogout={() => {}}
          />
        }
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole("banner");
    await expect(banner.scrollWidth).toBeLessThanOrEqual(banner.clientWidth);
    await expect(within(banner).getByText("98.765.432.109")).toBeVisible();
  },
};
