import { describe, expect, it } from "vitest";
import { createThemeStore, defaultThemeStorageKey, type ThemeMediaQuery } from "./themeStore.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const blockedStorage = {
  getItem(): string | null {
    throw new DOMException("The operation is insecure.", "SecurityError");
  },
  setItem(): void {
    throw new DOMException("The operation is insecure.", "SecurityError");
  },
};

function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initial,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  return Object.assign(media as unknown as ThemeMediaQuery, {
    listenerCount: () => listeners.size,
    change(matches: boolean) {
      media.matches = matches;
      for (const listener of listeners) listener();
    },
  });
}

describe("createThemeStore", () => {
  it("starts in system mode and resolves it against the device preference", () => {
    const store = createThemeStore({ storage: memoryStorage(), media: fakeMedia(true) });
    expect(store.getSnapshot()).toEqual({ mode: "system", theme: "dark" });
  });

  it("takes the default mode until a choice is stored, then the stored choice", () => {
    expect(
      createThemeStore({ storage: memoryStorage(), media: fakeMedia(true), defaultMode: "light" }).getSnapshot(),
    ).toEqual({ mode: "light", theme: "light" });
    const stored = memoryStorage({ [defaultThemeStorageKey]: "dark" });
    expect(
      createThemeStore({ storage: stored, media: fakeMedia(false), defaultMode: "light" }).getSnapshot().mode,
    ).toBe("dark");
  });

  it("ignores a corrupt stored value", () => {
    const storage = memoryStorage({ [defaultThemeStorageKey]: "purple" });
    expect(createThemeStore({ storage, media: fakeMedia(false) }).getSnapshot().mode).toBe("system");
  });

  it("persists a choice under the given key, and a new store reads it back", () => {
    const storage = memoryStorage();
    const media = fakeMedia(false);
    createThemeStore({ storage, storageKey: "app.theme", media }).setMode("dark");
    expect(storage.data.get("app.theme")).toBe("dark");
    expect(storage.data.has(defaultThemeStorageKey)).toBe(false);
    expect(createThemeStore({ storage, storageKey: "app.theme", media }).getSnapshot()).toEqual({
      mode: "dark",
      theme: "dark",
    });
  });

  it("follows the device preference live in system mode only", () => {
    const media = fakeMedia(false);
    const store = createThemeStore({ storage: memoryStorage(), media });
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot().theme));
    media.change(true);
    expect(store.getSnapshot()).toEqual({ mode: "system", theme: "dark" });
    store.setMode("light");
    media.change(false);
    media.change(true);
    expect(store.getSnapshot()).toEqual({ mode: "light", theme: "light" });
    expect(seen).toEqual(["dark", "light"]);
    unsubscribe();
    expect(media.listenerCount()).toBe(0);
  });

  it("picks up a preference that changed while nobody listened", () => {
    const media = fakeMedia(false);
    const store = createThemeStore({ storage: null, media });
    media.change(true);
    store.subscribe(() => {});
    expect(store.getSnapshot().theme).toBe("dark");
  });

  it("keeps working, for this page only, when storage is blocked", () => {
    const store = createThemeStore({ storage: blockedStorage, media: fakeMedia(false), defaultMode: "light" });
    expect(store.getSnapshot().mode).toBe("light");
    expect(() => store.setMode("dark")).not.toThrow();
    expect(store.getSnapshot()).toEqual({ mode: "dark", theme: "dark" });
  });

  it("needs no browser: without window it reads light in system mode", () => {
    expect(createThemeStore().getSnapshot()).toEqual({ mode: "system", theme: "light" });
  });
});
