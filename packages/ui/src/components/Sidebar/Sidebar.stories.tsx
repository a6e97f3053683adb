import type { Meta, StoryObj } from "@storybook/react-vite";
import {
  AppWindow,
  Boxes,
  Building2,
  Code,
  Coins,
  LayoutDashboard,
  Network,
  Radar,
  ShieldAlert,
  ShieldCheck,
  Ticket,
} from "lucide-react";
import { useState } from "react";
import { RouterProvider } from "react-aria-components";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { frameHeight, frameWidth } from "../../docs/storyFrames.css.ts";
import { sprinkles } from "../../tokens/sprinkles.css.ts";
import { Inline } from "../Inline/Inline.tsx";
import { Sidebar, type SidebarProps, type SidebarSection } from "./Sidebar.tsx";
import { SidebarDrawer } from "./SidebarDrawer.tsx";

const sections: SidebarSection[] = [
  { items: [{ label: "Dashboard", href: "/dashboard", icon: LayoutDashboard }] },
  {
    heading: "Attack Surface Management",
    items: [
      { label: "Exposure Detection", href: "/exposure-detection", icon: Radar },
      { label: "Threat Inspection", href: "/threat-inspection", icon: ShieldAlert },
    ],
  },
  {
    heading: "Development Security Operations",
    items: [
      { label: "Network", href: "/network-va", icon: Network },
      { label: "Application", href: "/application-va", icon: AppWindow },
      { label: "Source Code", href: "/source-code-va", icon: Code },
    ],
  },
  {
    heading: "Manage",
    items: [
      { label: "Assets", href: "/asset-inventory", icon: Boxes },
      { label: "Company", href: "/company-management", icon: Building2 },
      { label: "Credits Activity", href: "/credits-activity", icon: Coins },
      { label: "Ticket", href: "/ticketing", icon: Ticket },
    ],
  },
];

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** The app's main navigation: sections of links, collapsible to an icon rail; `SidebarDrawer` on narrow screens.\n\n**When not to.** Don't put actions or settings in it, and don't use it for in-page sections (use `Tabs`).\n\n**Accessibility.** A `navigation` landmark; the current item has `aria-current=\"page\"`. Collapsed, each icon link keeps its name and shows it in a tooltip.";

const meta = {
  title: "Components/App frame/Sidebar",
  id: "app-frame-sidebar",
  component: Sidebar,
  args: {
    sections,
    currentPath: "/network-va/12/scan/3",
    isCollapsed: false,
    onCollapsedChange: fn(),
    productName: "Sentinel",
    logo: <ShieldCheck aria-hidden />,
    version: "v1.0.0",
    copyright: "\u00a9 2026 Sentinel. All rights reserved.",
  },
  decorators: [
    (Story) => (
      <div className={[frameHeight["44rem"], sprinkles({ display: "flex" })].join(" ")}>
        <Story />
      </div>
    ),
  ],
  // Links point at app routes; keep story clicks from navigating the preview frame.
  parameters: { layout: "fullscreen", docs: { description: { component: usage } } },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

function Stateful(props: SidebarProps) {
  const [isCollapsed, setCollapsed] = useState(props.isCollapsed);
  return (
    <Sidebar
      {...props}
      isCollapsed={isCollapsed}
      onCollapsedChange={(next) => {
        props.onCollapsedChange(next);
        setCollapsed(next);
      }}
    />
  );
}

export const Default: Story = {};

export const Collapsed: Story = { args: { isCollapsed: true } };

export const AllVariants: Story = {
  render: (args) => (
    <Inline space="xxlarge">
      <Sidebar {...args} aria-label="Expanded" />
      <Sidebar {...args} aria-label="Collapsed" isCollapsed />
      <Sidebar {...args} aria-label="No footer" currentPath="/dashboard" version={undefined} copyright={undefined} />
    </Inline>
  ),
};

export const Stress: Story = {
  args: {
    productName: "Sentinel Security Testing Platform Enterprise Edition",
    copyright: "\u00a9 2026 Sentinel Security Testing Platform International Holdings. All rights reserved worldwide.",
    sections: [
      ...sections,
      {
        heading: "A very long section heading that will not fit on one line",
        items: [
          { label: "An item with a label far longer than the sidebar is wide", href: "/long", icon: Boxes },
          ...Array.from({ length: 8 }, (_, i) => ({ label: `Extra ${i + 1}`, href: `/extra-${i + 1}`, icon: Code })),
        ],
      },
    ],
  },
};

/** The toggle flips aria-expanded and the rail; the item for the current path is marked current. */
export const CollapseToggle: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole("navigation", { name: "Main" });
    await expect(within(nav).getByRole("link", { name: "Network" })).toHaveAttribute("aria-current", "page");
    await expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    await expect(canvas.getByText("v1.0.0")).toBeVisible();

    const toggle = canvas.getByRole("button", { name: "Toggle sidebar" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(true);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // Collapsed, links keep their names and the active one stays current.
    await expect(within(nav).getByRole("link", { name: "Network" })).toHaveAttribute("aria-current", "page");
    await expect(canvas.queryByText("v1.0.0")).not.toBeInTheDocument();

    await userEvent.keyboard(" ");
    await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(false);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  },
};

/** Collapsed, each icon link shows its label in a tooltip on keyboard focus. */
export const CollapsedTooltip: Story = {
  args: { isCollapsed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole("link", { name: "Dashboard" })).toHaveFocus();
    await expect(await body.findByRole("tooltip")).toHaveTextContent("Dashboard");
  },
};

/** `/network-vabc` must not light up Network: matching is by whole path segments. */
export const ActiveBySegment: Story = {
  args: { currentPath: "/network-vabc" },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Main" });
    await expect(within(nav).getByRole("link", { name: "Network" })).not.toHaveAttribute("aria-current");
    await expect(within(nav).queryAllByRole("link", { current: "page" })).toHaveLength(0);
  },
};

const drawerSections: SidebarSection[] = [
  { items: [{ label: "Dashboard", href: "/dashboard", icon: LayoutDashboard }] },
  {
    heading: "Manage",
    items: [
      { label: "Assets", href: "/asset-inventory", icon: Boxes },
      { label: "Ticket", href: "/ticketing", icon: Ticket },
    ],
  },
];

/** Links go to the router spy instead of navigating the preview frame, as the app's router would. */
const navigate = fn();

/** A phone's shell: the Menu button opens the sidebar in a drawer, which closes like the app's. */
function PhoneShell({ initiallyOpen, ...props }: SidebarProps & { initiallyOpen: boolean }) {
  const [isOpen, setOpen] = useState(initiallyOpen);
  return (
    <RouterProvider navigate={navigate}>
      <div className={frameWidth["390px"]}>
        <button type="button" aria-haspopup="dialog" aria-expanded={isOpen} onClick={() => setOpen(true)}>
          Open menu
        </button>
        <SidebarDrawer isOpen={isOpen} onOpenChange={setOpen}>
          <Sidebar
            {...props}
            onClose={() => setOpen(false)}
            onNavigate={(item) => {
              props.onNavigate?.(item);
              setOpen(false);
            }}
          />
        </SidebarDrawer>
      </div>
    </RouterProvider>
  );
}

/** Narrow screen, drawer closed: only the Menu button shows; the navigation is not in the page. */
export const DrawerClosed: Story = {
  args: { sections: drawerSections, currentPath: "/dashboard", onNavigate: fn() },
  render: (args) => <PhoneShell {...args} initiallyOpen={false} />,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(within(canvasElement).getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(body.queryByRole("dialog")).toBeNull();
    await expect(body.queryByRole("navigation", { name: "Main" })).toBeNull();
  },
};

/**
 * Narrow screen, drawer open: a modal dialog holding the expanded sidebar (no collapse toggle). Focus
 * moves in; Escape closes it and focus returns to the Menu button; choosing a link closes it too.
 */
export const DrawerOpen: Story = {
  args: { sections: drawerSections, currentPath: "/asset-inventory", onNavigate: fn() },
  render: (args) => <PhoneShell {...args} initiallyOpen={false} />,
  parameters: { visual: "page" },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const menuButton = canvas.getByRole("button", { name: "Open menu" });

    await userEvent.click(menuButton);
    const dialog = await body.findByRole("dialog", { name: "Menu" });
    await waitFor(() => expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    const nav = within(within(dialog).getByRole("navigation", { name: "Main" }));
    await expect(nav.getByRole("link", { name: "Assets" })).toHaveAttribute("aria-current", "page");
    await expect(nav.queryByRole("button", { name: "Toggle sidebar" })).toBeNull();
    // Checked until it holds: once, in a CI run on a loaded machine, the footer read as not visible
    // right as the drawer opened.
    await waitFor(() => expect(nav.getByText("v1.0.0")).toBeVisible());

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());

    await userEvent.click(menuButton);
    await userEvent.click(await body.findByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());

    await userEvent.click(menuButton);
    await userEvent.click(within(await body.findByRole("dialog")).getByRole("link", { name: "Ticket" }));
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.objectContaining({ label: "Ticket" }));
    await expect(navigate).toHaveBeenLastCalledWith("/ticketing", undefined);
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());

    // Left open for the screenshot and the axe checks of the open drawer.
    await userEvent.click(menuButton);
    await body.findByRole("dialog", { name: "Menu" });
  },
};
