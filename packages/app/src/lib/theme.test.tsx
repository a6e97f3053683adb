import { afterEach, describe, expect, it } from "vitest";
import { startAppTheme, themeStorageKey } from "./theme.ts";

afterEach(() => window.localStorage.removeItem(themeStorageKey));

describe("startAppTheme", () => {
  it("reads the choice returning users stored under the app's key and applies it before any render", () => {
    window.localStorage.setItem(themeStorageKey, "dark");
    const root = document.createElement("div");
    const store = startAppTheme(root);
    expect(store.getSnapshot().mode).toBe("dark");
    expect(root.classList.contains("dark")).toBe(true);
  });

  it("keeps a choice under the app's key", () => {
    const root = document.createElement("div");
    startAppTheme(root).setMode("light");
    expect(window.localStorage.getItem(themeStorageKey)).toBe("light");
    expect(root.classList.contains("dark")).toBe(false);
  });
});
