import { createThemeStore, darkClassName, type ThemeStore } from "@sentinel/ui";

/** The key the app has always kept the theme under, so a returning user keeps their choice. */
export const themeStorageKey = "sentinel.theme";

/**
 * The app's theme store, with the `dark` class applied at once: main.tsx calls this before the
 * runtime config loads, so a dark choice never flashes light. (index.html may not carry an inline
 * script; the CSP forbids them.) Blocked site storage is handled by the kit: the choice then lasts
 * for the page.
 */
export function startAppTheme(root: Element): ThemeStore {
  const store = createThemeStore({ storageKey: themeStorageKey });
  root.classList.toggle(darkClassName, store.getSnapshot().theme === "dark");
  return store;
}
