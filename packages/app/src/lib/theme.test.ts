import { describe, expect, it } from "vitest";
import { createThemeStore, initialTheme, themeStorageKey } from "./theme.ts";

function storage(initial?: string) {
  const data = new Map<string, string>(initial ? [[themeStorageKey, initial]] : []);
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

function media(matches: boolean) {
  const listeners: ((event: MediaQueryListEvent) => void)[] = [];
  const list = {
    matches,
    addEventListener: ((_: string, listener: (event: MediaQueryListEvent) => void) => {
      listeners.push(listener);
    }) as MediaQueryList["addEventListener"],
  };
  const fire = (next: boolean) => {
    for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
  };
  return Object.assign(list, { fire });
}

function root() {
  const classes = new Set<string>();
  return {
    classes,
    classList: {
      toggle: (name: string, force?: boolean) => {
        if (force) classes.add(name);
        else classes.delete(name);
        return Boolean(force);
      },
    },
  };
}

describe("initialTheme", () => {
  it("follows the system preference on a first visit", () => {
    expect(initialTheme(storage(), true)).toBe("dark");
    expect(initialTheme(storage(), false)).toBe("light");
  });

  it("prefers a stored choice, and ignores a corrupt one", () => {
    expect(initialTheme(storage("light"), true)).toBe("light");
    expect(initialTheme(storage("purple"), true)).toBe("dark");
  });
});

describe("createThemeStore", () => {
  it("applies the dark class at once and persists a choice", () => {
    const s = storage();
    const r = root();
    const store = createThemeStore({ storage: s, root: r, media: media(true), darkClassName: "dark" });
    expect(r.classes.has("dark")).toBe(true);
    store.set("light");
    expect(r.classes.has("dark")).toBe(false);
    expect(s.data.get(themeStorageKey)).toBe("light");
  });

  it("follows system changes only until the user has chosen", () => {
    const s = storage();
    const m = media(false);
    const store = createThemeStore({ storage: s, root: root(), media: m, darkClassName: "dark" });
    m.fire(true);
    expect(store.get()).toBe("dark");
    store.set("light");
    m.fire(true);
    expect(store.get()).toBe("light");
  });
});
