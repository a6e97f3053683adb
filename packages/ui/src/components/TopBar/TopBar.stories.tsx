import type { Meta, StoryObj } from "@storybook/react-vite";
import { type ReactNode, useState } from "react";
import { expect, within } from "storybook/test";
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

const meta = {
  title: "App frame/TopBar",
  component: TopBar,
  args: {
    title: "Network",
    breadcrumbs: [
      { label: "Network", href: "/network-va" },
      { label: "Scan configuration 12", href: "/network-va/12" },
      { label: "Scan 3" },
    ],
    balance: 1_250_000,
    actions: <Actions />,
  },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: "grid", gap: "1rem" }}>
      <Example label="Complete">
        <TopBar {...args} />
      </Example>
      <Example label="No title, zero balance">
        <TopBar {...args} title={undefined} breadcrumbs={[]} balance={0} />
      </Example>
      <Example label="No actions">
        <TopBar {...args} title="Dashboard" breadcrumbs={[]} actions={undefined} />
      </Example>
    </div>
  ),
};

/** While the balance loads it shows a placeholder and is marked busy; a missing balance reads 0. */
export const States: Story = {
  render: (args) => (
    <div style={{ display: "grid", gap: "1rem" }}>
      <Example label="Loading">
        <TopBar {...args} title="Loading balance" isBalanceLoading />
      </Example>
      <Example label="Missing">
        <TopBar {...args} title="No balance" breadcrumbs={[]} balance={null} />
      </Example>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const loading = canvas.getByRole("region", { name: "Loading" });
    const missing = canvas.getByRole("region", { name: "Missing" });
    await expect(within(loading).getByText("Credits").closest("p")).toHaveAttribute("aria-busy", "true");
    await expect(within(missing).getByText("Credits").closest("p")).toHaveTextContent("Credits0");
  },
};

/** A crumb can open a menu of sibling pages. */
export const DropdownCrumb: Story = {
  args: {
    title: "Exposure Detection",
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
    await expect(within(banner).getByRole("link", { name: "Network" })).toHaveAttribute("href", "/network-va");
  },
};

export const Stress: Story = {
  args: {
    title: "Threat Inspection — a very long page title that has to truncate before it pushes the controls away",
    balance: 98_765_432_109,
  },
  render: (args) => (
    <div style={{ display: "grid", gap: "1rem" }}>
      <Example label="Wide">
        <TopBar {...args} breadcrumbs={[]} />
      </Example>
      <Example label="Narrow">
        <div style={{ maxWidth: "36rem" }}>
          <TopBar {...args} />
        </div>
      </Example>
    </div>
  ),
};
