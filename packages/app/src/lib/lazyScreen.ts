import { type ComponentType, lazy } from "react";

/**
 * A route's screen as its own chunk, fetched the first time the route renders. Navigation runs in
 * a transition, so the current page stays on screen until the next one's code has arrived.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  return lazy(async () => ({ default: await load() }));
}
