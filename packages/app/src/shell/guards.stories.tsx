import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilProfileLoads, untilRouteLoads, untilShellSettles } from "../testing/play.ts";
import { StoryApp } from "../testing/StoryApp.tsx";
import { useStaticModeHandlers } from "../testing/storyHandlers.ts";

const meta = {
  title: "Screens/App/Route guard",
  id: "app-route-guard",
  component: StoryApp,
  parameters: { layout: "fullscreen" },
  beforeEach: useStaticModeHandlers,
  args: { path: "/dashboard", role: null, sidebarCollapsed: true },
} satisfies Meta<typeof StoryApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out on a protected route: sign-in first, then back to the original path and search (`next`). */
export const SignedOutGoesToLoginAndBack: Story = {
  args: { path: "/ticketing/3?tab=messages" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Sign in" }, untilRouteLoads);
    await expect(canvas.queryByRole("navigation", { name: "Main" })).toBeNull();
    await userEvent.type(canvas.getByRole("textbox", { name: /E-mail/ }), "admin@example.com");
    await userEvent.type(canvas.getByLabelText(/^Password/), "demo");
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }));
    await canvas.findByRole("heading", { level: 1, name: "Ticket" }, untilRouteLoads);
    const path = canvas.getByText(/\/ticketing\/3\?tab=messages/);
    // The new page fades in; outside the test run's frozen motion that takes a moment.
    await waitFor(() => expect(path).toBeVisible());
    await untilShellSettles(canvasElement);
  },
};

/** A role outside the route's roles is refused at that address, and the page names what was refused. */
export const WrongRoleGoesToForbidden: Story = {
  args: { path: "/company-directory/4/company-information", role: "CLIENT" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { level: 1, name: "Access denied" }, untilRouteLoads);
    await untilProfileLoads(canvas);
    expect(
      canvas.getByRole("heading", {
        level: 2,
        name: "You do not have access to /company-directory/4/company-information",
      }),
    ).toBeInTheDocument();
  },
};

/** A signed-in user opening a public-only route goes to / (and on to the dashboard). */
export const SignedInLeavesLogin: Story = {
  args: { path: "/auth/forgot-password", role: "CLIENT" },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole("heading", { level: 1, name: "Dashboard" }, untilRouteLoads);
    await untilProfileLoads(within(canvasElement));
  },
};
