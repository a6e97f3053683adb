/** A colour theme as applied: the `dark` class on the document root, or none. */
export type Theme = "light" | "dark";

/** The user's choice: a fixed theme, or `system` to follow the device's `prefers-color-scheme`. */
export type ThemeMode = Theme | "system";

/** The part of `Storage` the theme needs; `localStorage` fits. */
export interface ThemeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The part of `MediaQueryList` the theme needs, for `(prefers-color-scheme: dark)`. */
export type ThemeMediaQuery = Pick<MediaQueryList, "matches" | "addEventListener" | "removeEventListener">;

export interface ThemeStoreOptions {
  /**
   * Where the choice is kept. `null` keeps it for this page only. A storage that throws (site data
   * blocked) is treated the same way.
   * @default window.localStorage, when the browser allows it
   */
  storage?: ThemeStorage | null;
  /**
   * The storage key of the choice.
   * @default "sentinel-ui.theme"
   */
  storageKey?: string;
  /**
   * The mode until the user chooses one.
   * @default "system"
   */
  defaultMode?: ThemeMode;
  /**
   * The device preference that `system` follows. `null` reads as light.
   * @default window.matchMedia("(prefers-color-scheme: dark)")
   */
  media?: ThemeMediaQuery | null;
}

export interface ThemeSnapshot {
  /** The chosen mode. */
  mode: ThemeMode;
  /** The theme that mode resolves to now. */
  theme: Theme;
}

/** Holds the theme mode, persists a choice and follows the device preference in `system` mode. */
export interface ThemeStore {
  getSnapshot(): ThemeSnapshot;
  setMode(mode: ThemeMode): void;
  subscribe(listener: () => void): () => void;
}

export const defaultThemeStorageKey = "sentinel-ui.theme";
export const prefersDarkQuery = "(prefers-color-scheme: dark)";

function isThemeMode(value: unknown): value is ThemeMode {
  return value === "light" || value === "dark" || value === "system";
}

function browserStorage(): ThemeStorage | null {
  try {
    // The getter itself throws where site data is blocked.
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function browserMedia(): ThemeMediaQuery | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(prefersDarkQuery)
    : null;
}

/**
 * Creates the store a `ThemeProvider` reads. Create it yourself (and pass it as the provider's
 * `store`) to apply the theme before the first render, e.g. while the app loads its config.
 */
export function createThemeStore(options: ThemeStoreOptions = {}): ThemeStore {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const storageKey = options.storageKey ?? defaultThemeStorageKey;
  const media = options.media === undefined ? browserMedia() : options.media;
  const listeners = new Set<() => void>();

  const readStored = (): ThemeMode | null => {
    try {
      const value = storage?.getItem(storageKey);
      return isThemeMode(value) ? value : null;
    } catch {
      return null;
    }
  };
  const resolve = (mode: ThemeMode): ThemeSnapshot => ({
    mode,
    theme: mode === "system" ? (media?.matches ? "dark" : "light") : mode,
  });

  let snapshot = resolve(readStored() ?? options.defaultMode ?? "system");
  const commit = (next: ThemeSnapshot) => {
    if (next.mode === snapshot.mode && next.theme === snapshot.theme) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const onMediaChange = () => commit(resolve(snapshot.mode));

  return {
    getSnapshot: () => snapshot,
    setMode(mode) {
      try {
        storage?.setItem(storageKey, mode);
      } catch {
        // Storage blocked or full: the choice lasts for this page only.
      }
      commit(resolve(mode));
    },
    subscribe(listener) {
      if (listeners.size === 0) {
        media?.addEventListener("change", onMediaChange);
        // The preference may have changed while nobody listened.
        onMediaChange();
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) media?.removeEventListener("change", onMediaChange);
      };
    },
  };
}
