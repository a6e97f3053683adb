import { narrowQuery, sidebarExpandedMinWidth } from "@sentinel/ui";
import { createContext, useContext, useSyncExternalStore } from "react";
import { storedSidebarCollapsed } from "./sidebarMemory.ts";

export interface ShellOptions {
  /**
   * Whether the sidebar starts collapsed; by default, as the user last left it, else when the window is
   * narrower than 1920 px.
   */
  readonly initialSidebarCollapsed?: boolean;
  /** Whether the narrow layout (sidebar in a drawer) is used; by default, when the window is narrower than 768 px. */
  readonly isNarrow?: boolean;
}

const ShellOptionsContext = createContext<ShellOptions>({});

/** Stories pin the sidebar's starting state, whatever the test browser's width. */
export const ShellOptionsProvider = ShellOptionsContext.Provider;

export function useInitialSidebarCollapsed(): boolean {
  const { initialSidebarCollapsed } = useContext(ShellOptionsContext);
  if (initialSidebarCollapsed !== undefined) return initialSidebarCollapsed;
  if (typeof window === "undefined") return false;
  return storedSidebarCollapsed() ?? window.innerWidth < sidebarExpandedMinWidth;
}

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the shell uses its narrow layout: the sidebar in a drawer opened from the top bar. */
export function useIsNarrow(): boolean {
  const { isNarrow } = useContext(ShellOptionsContext);
  const matches = useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
  return isNarrow ?? matches;
}
