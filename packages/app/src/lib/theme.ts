export type Theme = "light" | "dark";

export const themeStorageKey = "sentinel.theme";

interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function readStored(storage: ThemeStorage | null): Theme | null {
  try {
    const value = storage?.getItem(themeStorageKey);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

/** A stored choice wins; a first visit follows the system's `prefers-color-scheme`. */
export function initialTheme(storage: ThemeStorage | null, prefersDark: boolean): Theme {
  return readStored(storage) ?? (prefersDark ? "dark" : "light");
}

export interface ThemeStore {
  get(): Theme;
  set(theme: Theme): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Holds the theme, persists an explicit choice and mirrors it as the `dark` class on <html>
 * (the design system's dark selector). Until the user chooses, a change of the system
 * preference is followed.
 */
export function createThemeStore(options: {
  storage: ThemeStorage | null;
  root: { classList: Pick<DOMTokenList, "toggle"> } | null;
  media: Pick<MediaQueryList, "matches" | "addEventListener"> | null;
  darkClassName: string;
}): ThemeStore {
  const listeners = new Set<() => void>();
  let theme = initialTheme(options.storage, options.media?.matches ?? false);
  const apply = () => options.root?.classList.toggle(options.darkClassName, theme === "dark");
  const commit = (next: Theme) => {
    theme = next;
    apply();
    for (const listener of listeners) listener();
  };
  apply();
  options.media?.addEventListener("change", (event) => {
    if (readStored(options.storage) === null) commit(event.matches ? "dark" : "light");
  });
  return {
    get: () => theme,
    set(next) {
      try {
        options.storage?.setItem(themeStorageKey, next);
      } catch {
        // Storage unavailable: the choice lasts for this page only.
      }
      commit(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
