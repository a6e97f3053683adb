// The kit's tokens, as the stylesheet import brings them; without them the kit warns.
import "../../tokens/lightTheme.css.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { render } from "vitest-browser-react";
import { ThemeToggle } from "../ThemeToggle/ThemeToggle.tsx";
import { ThemeProvider, useTheme } from "./ThemeProvider.tsx";
import type { ThemeMediaQuery } from "./themeStore.ts";

function fakeMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    matches: initial,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  return Object.assign(media as unknown as ThemeMediaQuery, {
    change(matches: boolean) {
      media.matches = matches;
      for (const listener of listeners) listener();
    },
  });
}

function ModeReadout() {
  const { mode, theme } = useTheme();
  return (
    <output aria-label="Theme">
      {mode} → {theme}
    </output>
  );
}

const storageKey = "theme-provider-test";
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  window.localStorage.removeItem(storageKey);
  document.documentElement.classList.remove("dark");
});

/** A root element of its own, so the test never themes the runner's page. */
function targetRoot(): HTMLElement {
  const element = document.createElement("div");
  document.body.append(element);
  cleanups.push(() => element.remove());
  return element;
}

describe("ThemeProvider", () => {
  it("applies the dark class to the document root by default and persists a toggle in localStorage", async () => {
    const screen = await render(
      <ThemeProvider storageKey={storageKey} defaultMode="dark" media={fakeMedia(false)}>
        <ThemeToggle />
        <ModeReadout />
      </ThemeProvider>,
    );
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    const toggle = screen.getByRole("button", { name: "Dark theme" });
    await expect.element(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect.element(toggle).toHaveAttribute("aria-pressed", "false");
    await expect.element(screen.getByRole("status", { name: "Theme" })).toHaveTextContent("light → light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
    expect(window.localStorage.getItem(storageKey)).toBe("light");
  });

  it("restores the stored choice on the next visit", async () => {
    window.localStorage.setItem(storageKey, "dark");
    const root = targetRoot();
    const screen = await render(
      <ThemeProvider storageKey={storageKey} root={root} media={fakeMedia(false)}>
        <ModeReadout />
      </ThemeProvider>,
    );
    await expect.element(screen.getByRole("status", { name: "Theme" })).toHaveTextContent("dark → dark");
    expect(root.classList.contains("dark")).toBe(true);
  });

  it("follows prefers-color-scheme live in system mode (window.matchMedia)", async () => {
    const media = fakeMedia(false);
    const matchMedia = vi.spyOn(window, "matchMedia").mockReturnValue(media as unknown as MediaQueryList);
    cleanups.push(() => matchMedia.mockRestore());
    const root = targetRoot();
    const screen = await render(
      <ThemeProvider storageKey={storageKey} root={root}>
        <ModeReadout />
      </ThemeProvider>,
    );
    expect(matchMedia).toHaveBeenCalledWith("(prefers-color-scheme: dark)");
    await expect.element(screen.getByRole("status", { name: "Theme" })).toHaveTextContent("system → light");
    media.change(true);
    await expect.element(screen.getByRole("status", { name: "Theme" })).toHaveTextContent("system → dark");
    expect(root.classList.contains("dark")).toBe(true);
    media.change(false);
    await expect.element(screen.getByRole("status", { name: "Theme" })).toHaveTextContent("system → light");
    expect(root.classList.contains("dark")).toBe(false);
  });

  it("works with site storage blocked (the localStorage getter throws); the choice lasts for the page", async () => {
    const original = Object.getOwnPropertyDescriptor(window, "localStorage");
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new DOMException("Access is denied for this document.", "SecurityError");
      },
    });
    cleanups.unshift(() => {
      if (original) Object.defineProperty(window, "localStorage", original);
    });
    const root = targetRoot();
    const screen = await render(
      <ThemeProvider storageKey={storageKey} root={root} defaultMode="light" media={fakeMedia(false)}>
        <ThemeToggle />
      </ThemeProvider>,
    );
    const toggle = screen.getByRole("button", { name: "Dark theme" });
    await toggle.click();
    await expect.element(toggle).toHaveAttribute("aria-pressed", "true");
    expect(root.classList.contains("dark")).toBe(true);
  });

  it("applies no class with root={null}, for hosts that own the class", async () => {
    const screen = await render(
      <ThemeProvider storage={null} root={null} defaultMode="dark" media={null}>
        <ModeReadout />
      </ThemeProvider>,
    );
    await expect.element(screen.getByRole("status", { name: "Theme" })).toHaveTextContent("dark → dark");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });
});

describe("ThemeToggle", () => {
  it("stays usable controlled, without a provider", async () => {
    const onThemeChange = vi.fn();
    const screen = await render(<ThemeToggle theme="dark" onThemeChange={onThemeChange} />);
    await screen.getByRole("button", { name: "Dark theme" }).click();
    expect(onThemeChange).toHaveBeenCalledWith("light");
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });
});
