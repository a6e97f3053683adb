/** Where the wide layout's sidebar state (expanded or collapsed) is kept between visits, as the theme is. */
export const sidebarStorageKey = "sentinel.sidebar";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be refused (a privacy setting); the sidebar then starts by the window's width.
    return null;
  }
}

/** The state the user last chose: true collapsed, false expanded, null when none is kept. */
export function storedSidebarCollapsed(): boolean | null {
  const value = storage()?.getItem(sidebarStorageKey);
  return value === "collapsed" ? true : value === "expanded" ? false : null;
}

/** Keeps the user's choice, so a reload opens the sidebar as they left it. */
export function storeSidebarCollapsed(isCollapsed: boolean): void {
  try {
    storage()?.setItem(sidebarStorageKey, isCollapsed ? "collapsed" : "expanded");
  } catch {
    // A full or refused storage only loses the memory, never the change on screen.
  }
}
