import { Link, MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { render } from "vitest-browser-react";
import { AppRoutes } from "../lib/routeTree.tsx";
import { RootErrorBoundary, RouteErrorLayout } from "./RouteErrorBoundary.tsx";

function Broken(): never {
  throw new Error("render failed");
}

function Frame() {
  return (
    <>
      <Link to="/fine">Go to a working page</Link>
      <RouteErrorLayout />
    </>
  );
}

const routes = [
  {
    Component: Frame,
    children: [
      { path: "/broken", Component: Broken },
      { path: "/fine", Component: () => <h1>Working page</h1> },
    ],
  },
];

describe("route error boundaries", () => {
  it("shows a failed screen as an error page with Reload, keeps the frame, and clears on navigation", async () => {
    // React logs caught render errors; they are expected here.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const screen = await render(
      <MemoryRouter initialEntries={["/broken"]}>
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    );
    await expect.element(screen.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect.element(screen.getByRole("button", { name: "Reload" })).toBeVisible();
    await screen.getByRole("link", { name: "Go to a working page" }).click();
    await expect.element(screen.getByRole("heading", { level: 1, name: "Working page" })).toBeVisible();
    expect(screen.getByRole("heading", { name: "Something went wrong" }).query()).toBeNull();
    consoleError.mockRestore();
  });

  it("catches an error above every frame in a standalone page", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const screen = await render(
      <MemoryRouter initialEntries={["/"]}>
        <RootErrorBoundary>
          <Broken />
        </RootErrorBoundary>
      </MemoryRouter>,
    );
    await expect.element(screen.getByRole("main")).toBeVisible();
    await expect
      .element(screen.getByRole("main").getByRole("heading", { level: 1, name: "Something went wrong" }))
      .toBeVisible();
    consoleError.mockRestore();
  });
});
