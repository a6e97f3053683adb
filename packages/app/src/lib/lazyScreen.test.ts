import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { lazyScreen, preloadScreens } from "./lazyScreen.ts";

const Screen: ComponentType = () => null;

describe("lazyScreen", () => {
  it("fetches the chunk once, however often it is preloaded", async () => {
    const load = vi.fn(async () => Screen);
    const lazyOne = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([lazyOne.preload(), lazyOne.preload()]);
    expect(await lazyOne.preload()).toBe(Screen);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fetches again after a failed fetch", async () => {
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValueOnce(new Error("chunk gone"));
    load.mockResolvedValue(Screen);
    const lazyOne = lazyScreen(load);
    await expect(lazyOne.preload()).rejects.toThrow("chunk gone");
    expect(await lazyOne.preload()).toBe(Screen);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("preloadScreens", () => {
  function tree() {
    const login = vi.fn(async () => Screen);
    const dashboard = vi.fn(async () => Screen);
    const layout = vi.fn(async () => Screen);
    const routes: RouteObject[] = [
      {
        Component: lazyScreen(layout),
        children: [
          { path: "/auth/login", Component: lazyScreen(login) },
          { path: "/dashboard", Component: lazyScreen(dashboard) },
          { path: "/plain", Component: Screen },
        ],
      },
    ];
    return { routes, login, dashboard, layout };
  }

  it("starts the matched layout and screen, and nothing else", () => {
    const { routes, login, dashboard, layout } = tree();
    preloadScreens(routes, "/auth/login");
    expect(layout).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledTimes(1);
    expect(dashboard).not.toHaveBeenCalled();
  });

  it("leaves plain components and unknown paths alone", () => {
    const { routes, login, dashboard, layout } = tree();
    expect(() => preloadScreens(routes, "/plain")).not.toThrow();
    preloadScreens(routes, "/nowhere");
    expect(layout).toHaveBeenCalledTimes(1);
    expect(login).not.toHaveBeenCalled();
    expect(dashboard).not.toHaveBeenCalled();
  });

  it("swallows a failed preload, so the render can fetch again and show its error", async () => {
    const failing = vi.fn(async (): Promise<ComponentType> => {
      throw new Error("offline");
    });
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    preloadScreens([{ path: "/x", Component: lazyScreen(failing) }], "/x");
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off("unhandledRejection", unhandled);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
