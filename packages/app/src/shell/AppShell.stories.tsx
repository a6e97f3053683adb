import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilProfileLoads, untilRouteLoads, untilShellSettles } from "../testing/play.ts";
import { StoryApp } from "../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../testing/storyHandlers.ts";
import { phoneFrame } from "./AppShell.stories.css.ts";

const meta = {
  title: "Screens/App/Shell",
  id: "app-shell",
  component: StoryApp,
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  args: { path: "/dashboard", role: "SUPER_ADMIN", sidebarCollapsed: false },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole("navigation", { name: "Main" }, untilRouteLoads);

/**
 * Super admin, sidebar expanded: every section, Company Directory (not Company) and the footer. Staff
 * belong to no company, so the top bar shows no credit balance.
 */
export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilProfileLoads(canvas);
    const sidebar = within(await nav(canvasElement));
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Company Directory" })).toBeVisible();
    // Their own company is a client's page; staff manage companies from the directory.
    await expect(sidebar.queryByRole("link", { name: "Company" })).toBeNull();
    await expect(sidebar.getByText("v1.0.0")).toBeVisible();
    await expect(sidebar.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "true");
    const banner = within(canvas.getByRole("banner"));
    await waitFor(() => expect(banner.queryByText("Credits")).toBeNull());
    await expect(canvasElement.querySelector("header [aria-busy]")).toBeNull();
  },
};

/** Collapsed to icons; the toggle expands it again. */
export const Collapsed: Story = {
  args: { sidebarCollapsed: true, role: "CLIENT_ADMIN" },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilProfileLoads(within(canvasElement));
    const sidebar = within(await nav(canvasElement));
    const toggle = sidebar.getByRole("button", { name: "Toggle sidebar" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(sidebar.queryByText("v1.0.0")).toBeNull();
    await expect(sidebar.getByRole("link", { name: "Ticket" })).toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar.getByText("v1.0.0")).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilProfileLoads(within(canvasElement));
    await expect(within(canvasElement).getByRole("button", { name: "Dark theme" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  },
};

export const Analyst: Story = {
  args: { role: "ANALYST", path: "/company-directory" },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Company Directory" }, untilRouteLoads);
    await untilProfileLoads(within(canvasElement));
    const sidebar = within(await nav(canvasElement));
    await expect(sidebar.getByRole("link", { name: "Company Directory" })).toHaveAttribute("aria-current", "page");
  },
};

export const ClientAdmin: Story = {
  args: { role: "CLIENT_ADMIN", path: "/company-management" },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Company" }, untilRouteLoads);
    await expect(await untilProfileLoads(within(canvasElement))).toHaveTextContent("Admin");
    const sidebar = within(await nav(canvasElement));
    await expect(sidebar.queryByRole("link", { name: "Company Directory" })).toBeNull();
    await expect(sidebar.getByRole("link", { name: "Company" })).toHaveAttribute("aria-current", "page");
  },
};

/** The user menu offers UI Kits to staff only: a client's menu has no catalogue (issue 28). */
export const UserMenuByRole: Story = {
  tags: ["!dev", "!autodocs", "test-only"],
  // The menu's look is the kit's UserMenu stories'; this one checks which entries each role gets.
  parameters: { visual: false },
  args: { role: "CLIENT_ADMIN" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    const trigger = await untilProfileLoads(canvas);
    await userEvent.click(trigger);
    const menu = await body.findByRole("menu", {}, untilRouteLoads);
    await expect(within(menu).getByRole("menuitem", { name: /Settings/ })).toBeInTheDocument();
    await expect(within(menu).queryByRole("menuitem", { name: /UI Kits/ })).toBeNull();
  },
};

/** A member: the sidebar of spec §2 exactly; following a link moves focus to the new page's heading. */
export const Client: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilProfileLoads(canvas);
    // A client's company has a balance, shown in the top bar once it loads.
    const banner = within(canvas.getByRole("banner"));
    await waitFor(() => expect(banner.getByText("Credits").closest("a")?.querySelector("[aria-busy]")).toBeNull());
    // The balance leads to where credits are spent and bought.
    expect(banner.getByRole("link", { name: /^Credits \d/ })).toHaveAttribute("href", "/credits-activity");
    const sidebar = within(await nav(canvasElement));
    await expect(sidebar.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Dashboard",
      "Findings",
      "Exposure Detection",
      "Threat Inspection",
      "Network",
      "Application",
      "Source Code",
      "Assets",
      "Company",
      "Credits Activity",
      "Ticket",
    ]);
    await userEvent.click(sidebar.getByRole("link", { name: "Ticket" }));
    const heading = await canvas.findByRole("heading", { level: 1, name: "Ticket" }, untilRouteLoads);
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(sidebar.getByRole("link", { name: "Ticket" })).toHaveAttribute("aria-current", "page");
    // The page is named once, by its h1: the top bar shows only the pages above it (none here).
    await expect(within(canvas.getByRole("banner")).queryByText("Ticket")).toBeNull();
    await expect(canvas.getAllByRole("heading", { level: 1 })).toEqual([heading]);
  },
};

/** Log Out clears the session and lands on sign-in (without `next`). */
export const LogOut: Story = {
  args: { role: "CLIENT_ADMIN", path: "/ticketing" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("heading", { level: 1, name: "Ticket" }, untilRouteLoads);
    await userEvent.click(await untilProfileLoads(canvas));
    await userEvent.click(await body.findByRole("menuitem", { name: "Log Out" }));
    await canvas.findByRole("heading", { level: 1, name: "Sign in" }, untilRouteLoads);
    await expect(canvas.queryByRole("navigation", { name: "Main" })).toBeNull();
  },
};

/** A detail page: the top bar's trail leads to it without repeating it; the h1 names it, once. */
export const DetailPageTitle: Story = {
  args: { role: "CLIENT_ADMIN", path: "/ticketing/1", stubFeatures: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole("heading", { level: 1 }, untilRouteLoads);
    await untilProfileLoads(canvas);
    // Testing Library gives every <header> the banner role, also each message's header inside its
    // <article> (no landmark for browsers or axe). Whether the thread has loaded by this line is a
    // race, so the top bar is the one banner outside an article.
    const banners = canvas.getAllByRole("banner").filter((banner) => !banner.closest("article"));
    await expect(banners).toHaveLength(1);
    const trail = within(within(banners[0] as HTMLElement).getByRole("navigation", { name: "Breadcrumbs" }));
    await expect(trail.getByRole("link", { name: "Ticket" })).toHaveAttribute("href", "/ticketing");
    await expect(trail.getAllByRole("listitem")).toHaveLength(1);
    await expect(canvas.getAllByRole("heading", { level: 1 })).toEqual([heading]);
  },
};

/** A phone's frame (390 px wide) for the narrow-layout stories. */
const phone = [
  (Story: () => ReactNode) => (
    <div className={phoneFrame}>
      <Story />
    </div>
  ),
];

/**
 * Narrower than 768 px, drawer closed: no sidebar beside the content, a Menu button in the top bar,
 * and a top bar that fits (balance and user menu readable, nothing scrolls sideways).
 */
export const NarrowDrawerClosed: Story = {
  args: { role: "CLIENT_ADMIN", narrow: true },
  decorators: phone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilShellSettles(canvasElement);
    await expect(canvas.queryByRole("navigation", { name: "Main" })).toBeNull();
    await expect(canvas.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    const banner = canvas.getByRole("banner");
    await expect(banner.scrollWidth).toBeLessThanOrEqual(banner.clientWidth);
    await expect(canvas.getByRole("button", { name: /Admin/ })).toBeVisible();
  },
};

/**
 * Narrow, drawer open: focus moves into the menu dialog; Escape closes it and focus returns to the
 * Menu button; choosing a link closes it and opens the page.
 */
export const NarrowDrawerOpen: Story = {
  args: { role: "CLIENT_ADMIN", narrow: true },
  decorators: phone,
  parameters: { visual: "page" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilShellSettles(canvasElement);
    const menuButton = canvas.getByRole("button", { name: "Open menu" });

    await userEvent.click(menuButton);
    const dialog = await body.findByRole("dialog", { name: "Menu" });
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(dialog).toContainElement(canvasElement.ownerDocument.activeElement as HTMLElement));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());

    await userEvent.click(menuButton);
    const nav = within(await body.findByRole("navigation", { name: "Main" }));
    await userEvent.click(nav.getByRole("link", { name: "Ticket" }));
    await canvas.findByRole("heading", { level: 1, name: "Ticket" }, untilRouteLoads);
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());

    // Open again on the new page, for the screenshot and the axe checks of the open drawer.
    await userEvent.click(menuButton);
    const again = within(await body.findByRole("navigation", { name: "Main" }));
    await expect(again.getByRole("link", { name: "Ticket" })).toHaveAttribute("aria-current", "page");
  },
};
