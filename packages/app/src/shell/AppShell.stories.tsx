import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilProfileLoads, untilRouteLoads } from "../app/testing/play.ts";
import { StoryApp } from "../app/testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../app/testing/storyHandlers.ts";

const meta = {
  title: "App/Shell",
  component: StoryApp,
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  args: { path: "/dashboard", role: "SUPER_ADMIN", sidebarCollapsed: false },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole("navigation", { name: "Main" }, untilRouteLoads);

/** Super admin, sidebar expanded: every section, Company Directory, the footer and the balance. */
export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilProfileLoads(canvas);
    const sidebar = within(await nav(canvasElement));
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Company Directory" })).toBeVisible();
    await expect(sidebar.getByText("v1.0.0")).toBeVisible();
    await expect(sidebar.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(canvas.getByText("Credits").closest("p")).not.toHaveAttribute("aria-busy"));
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

/** A member: the sidebar of spec §2 exactly; following a link moves focus to the new page's heading. */
export const Client: Story = {
  args: { role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilProfileLoads(canvas);
    const sidebar = within(await nav(canvasElement));
    await expect(sidebar.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Dashboard",
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
    await expect(within(canvas.getByRole("banner")).getByText("Ticket", { selector: "p" })).toBeVisible();
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
