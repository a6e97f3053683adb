import { type ComponentType, lazy } from "react";
import type { RouteObject } from "react-router";
import { matchPathname } from "./routeMatches.ts";

/** A route's lazy screen, whose code can also be fetched before the route renders. */
export type LazyScreen<P extends object = object> = ComponentType<P> & { preload(): Promise<ComponentType<P>> };

/**
 * A route's screen as its own chunk, fetched the first time the route renders (or `preload`s).
 * Navigation runs in a transition, so the current page stays on screen until the next one's code
 * has arrived.
 */
export function lazyScreen<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().catch((error: unknown) => {
      // A failed fetch (a deploy replaced the chunk, a dropped connection) may be retried.
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return Object.assign(
    lazy(async () => ({ default: await preload() })),
    { preload },
  );
}

/**
 * Starts fetching the screens `pathname` will render, so their chunks download while the app still
 * boots (runtime config, static mode) instead of after the first render. Failures are left to the
 * render, which fetches again and shows its error state.
 */
export function preloadScreens(routes: RouteObject[], pathname: string): void {
  for (const match of matchPathname(routes, pathname) ?? []) {
    const screen = match.route.Component as Partial<LazyScreen> | null | undefined;
    screen?.preload?.().catch(() => {});
  }
}
