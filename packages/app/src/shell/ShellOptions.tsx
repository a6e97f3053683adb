import { sidebarExpandedMinWidth } from "@sentinel/ui";
import { createContext, useContext } from "react";

export interface ShellOptions {
  /** Whether the sidebar starts collapsed; by default, when the window is narrower than 1920 px. */
  readonly initialSidebarCollapsed?: boolean;
}

const ShellOptionsContext = createContext<ShellOptions>({});

/** Stories pin the sidebar's starting state, whatever the test browser's width. */
export const ShellOptionsProvider = ShellOptionsContext.Provider;

export function useInitialSidebarCollapsed(): boolean {
  const { initialSidebarCollapsed } = useContext(ShellOptionsContext);
  if (initialSidebarCollapsed !== undefined) return initialSidebarCollapsed;
  return typeof window === "undefined" ? false : window.innerWidth < sidebarExpandedMinWidth;
}
