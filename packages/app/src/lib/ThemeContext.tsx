import { darkClassName } from "@sentinel/ui";
import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import { createThemeStore, type Theme, type ThemeStore } from "./theme.ts";

function browserThemeStore(): ThemeStore {
  const hasWindow = typeof window !== "undefined";
  let storage: Storage | null = null;
  try {
    storage = hasWindow ? window.localStorage : null;
  } catch {
    storage = null;
  }
  return createThemeStore({
    storage,
    root: hasWindow ? document.documentElement : null,
    media: hasWindow && window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null,
    darkClassName,
  });
}

let appThemeStore: ThemeStore | undefined;

/** The app's theme store. Creating it applies the `dark` class, so main.tsx calls this before the first render. */
export function getThemeStore(): ThemeStore {
  appThemeStore ??= browserThemeStore();
  return appThemeStore;
}

const ThemeStoreContext = createContext<ThemeStore | null>(null);

export function ThemeProvider({ store, children }: { store: ThemeStore; children: ReactNode }) {
  return <ThemeStoreContext.Provider value={store}>{children}</ThemeStoreContext.Provider>;
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const store = useContext(ThemeStoreContext) ?? getThemeStore();
  const theme = useSyncExternalStore(store.subscribe, store.get, store.get);
  return [theme, store.set];
}
