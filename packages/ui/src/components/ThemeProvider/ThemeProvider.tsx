import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";
import { darkClassName } from "../../tokens/darkTheme.css.ts";
import { checkStylesheetOnce } from "../../tokens/stylesheetCheck.ts";
import { createThemeStore, type Theme, type ThemeMode, type ThemeStore, type ThemeStoreOptions } from "./themeStore.ts";

export interface ThemeContextValue {
  /** The chosen mode: `light`, `dark` or `system`. */
  mode: ThemeMode;
  /** The theme applied now (`system` resolved against the device preference). */
  theme: Theme;
  /** Chooses a mode and persists it. */
  setMode: (mode: ThemeMode) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

// Server rendering has no layout effects; the class is applied on the client.
const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

export interface ThemeProviderProps extends ThemeStoreOptions {
  /**
   * A store from `createThemeStore`, to share one created before the first render. When set, the
   * storage, key, default mode and media options are the store's own and these props are ignored.
   */
  store?: ThemeStore;
  /**
   * The element that gets the `dark` class. `null` applies no class, for a host that sets the
   * class itself (a Storybook toolbar, say).
   * @default document.documentElement
   */
  root?: Element | null;
  /** The app, which reads the theme with `useTheme`. */
  children: ReactNode;
}

/**
 * Light, dark and system themes for the kit: applies the `dark` class to the document root,
 * persists the user's choice (in memory when storage is blocked) and, in `system` mode, follows
 * `prefers-color-scheme` as it changes. Read and change it with `useTheme`, or with `ThemeToggle`.
 */
export function ThemeProvider({
  store: givenStore,
  root,
  storage,
  storageKey,
  defaultMode,
  media,
  children,
}: ThemeProviderProps) {
  const [ownStore] = useState(() => givenStore ?? createThemeStore({ storage, storageKey, defaultMode, media }));
  const store = givenStore ?? ownStore;
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const target = root === undefined ? (typeof document === "undefined" ? null : document.documentElement) : root;

  useIsomorphicLayoutEffect(() => {
    target?.classList.toggle(darkClassName, snapshot.theme === "dark");
  }, [target, snapshot.theme]);
  useEffect(() => checkStylesheetOnce(), []);

  const value = useMemo<ThemeContextValue>(
    () => ({ mode: snapshot.mode, theme: snapshot.theme, setMode: store.setMode }),
    [snapshot, store],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The nearest `ThemeProvider`'s mode, applied theme and setter; `null` outside one. */
export function useOptionalTheme(): ThemeContextValue | null {
  return useContext(ThemeContext);
}

/** The nearest `ThemeProvider`'s mode, applied theme and setter. Throws outside a provider. */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme needs a ThemeProvider above it.");
  return value;
}
