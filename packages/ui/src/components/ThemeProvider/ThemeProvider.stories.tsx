import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo, useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { Radio, RadioGroup } from "../RadioGroup/RadioGroup.tsx";
import { Stack } from "../Stack/Stack.tsx";
import { Switch } from "../Switch/Switch.tsx";
import { ThemeToggle } from "../ThemeToggle/ThemeToggle.tsx";
import { ThemeProvider, useTheme } from "./ThemeProvider.tsx";
import type { ThemeMediaQuery, ThemeMode, ThemeStorage } from "./themeStore.ts";

/** A stand-in for `matchMedia("(prefers-color-scheme: dark)")` that the story can flip. */
function useDevicePreference(initial: boolean) {
  const [prefersDark, setPrefersDark] = useState(initial);
  const media = useMemo(() => {
    const listeners = new Set<() => void>();
    const query = {
      matches: initial,
      addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    };
    return Object.assign(query as unknown as ThemeMediaQuery, {
      set(matches: boolean) {
        query.matches = matches;
        for (const listener of listeners) listener();
      },
    });
  }, [initial]);
  return {
    media,
    prefersDark,
    setPrefersDark(next: boolean) {
      setPrefersDark(next);
      media.set(next);
    },
  };
}

function memoryStorage(): ThemeStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

const blockedStorage: ThemeStorage = {
  getItem() {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  },
  setItem() {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  },
};

function ThemeControls() {
  const { mode, theme, setMode } = useTheme();
  return (
    <Stack space="large" align="start">
      <RadioGroup label="Theme" value={mode} onChange={(next) => setMode(next as ThemeMode)} orientation="horizontal">
        <Radio value="light">Light</Radio>
        <Radio value="dark">Dark</Radio>
        <Radio value="system">Match system</Radio>
      </RadioGroup>
      <ThemeToggle />
      <output aria-label="Applied theme">{theme} theme</output>
    </Stack>
  );
}

interface DemoProps {
  defaultMode?: ThemeMode;
  devicePrefersDark?: boolean;
  storage?: "memory" | "blocked";
}

/**
 * The provider themes an element of the story's own here (`root`), so the preview's theme stays
 * as the toolbar set it; in an app it is the document root.
 */
function ThemeDemo({ defaultMode, devicePrefersDark = false, storage = "memory" }: DemoProps) {
  const device = useDevicePreference(devicePrefersDark);
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [themeStorage] = useState(() => (storage === "blocked" ? blockedStorage : memoryStorage()));
  return (
    <Stack space="large">
      <Switch isSelected={device.prefersDark} onChange={device.setPrefersDark}>
        Device prefers dark
      </Switch>
      <div ref={setRoot} data-testid="theme-root">
        {root ? (
          <ThemeProvider
            root={root}
            storage={themeStorage}
            media={device.media}
            {...(defaultMode ? { defaultMode } : {})}
          >
            <ThemeControls />
          </ThemeProvider>
        ) : null}
      </div>
    </Stack>
  );
}

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** Once, at the root of an app: it owns the light, dark or system choice, stores it, puts the `dark` class on `<html>` and follows the device's `prefers-color-scheme` in system mode. Read or change the choice with `useTheme()`; `ThemeToggle` inside it needs no props.\n\n**When not to.** Don't nest providers to theme one region (the class goes on one root), and don't also toggle the `dark` class yourself; pass `root={null}` when something else (a test harness, Storybook's toolbar) owns it.\n\n**Accessibility.** System mode respects the user's operating-system preference by default. Offer all three choices (e.g. a `RadioGroup` with Light, Dark, Match system) where settings live, so a user can go back to following the device.";

const meta = {
  title: "App frame/ThemeProvider",
  component: ThemeDemo,
  args: { defaultMode: "system", devicePrefersDark: false, storage: "memory" },
  argTypes: {
    defaultMode: { control: "inline-radio", options: ["light", "dark", "system"] },
    storage: { control: "inline-radio", options: ["memory", "blocked"] },
  },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof ThemeDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const applied = (canvasElement: HTMLElement) => within(canvasElement).getByRole("status", { name: "Applied theme" });

/** Whether the provider put the `dark` class on the element it themes. */
const rootIsDark = (canvasElement: HTMLElement) =>
  within(canvasElement).getByTestId("theme-root").classList.contains("dark");

export const Light: Story = {
  args: { defaultMode: "light", devicePrefersDark: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Light" })).toBeChecked();
    await expect(applied(canvasElement)).toHaveTextContent("light theme");
    await expect(rootIsDark(canvasElement)).toBe(false);
  },
};

export const Dark: Story = {
  args: { defaultMode: "dark" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Dark" })).toBeChecked();
    await expect(canvas.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");
    await expect(applied(canvasElement)).toHaveTextContent("dark theme");
    await expect(rootIsDark(canvasElement)).toBe(true);
  },
};

/** System mode follows the device preference as it changes, without a reload. */
export const System: Story = {
  args: { defaultMode: "system" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Match system" })).toBeChecked();
    await expect(applied(canvasElement)).toHaveTextContent("light theme");
    await expect(rootIsDark(canvasElement)).toBe(false);
    await userEvent.click(canvas.getByRole("switch", { name: "Device prefers dark" }));
    await expect(applied(canvasElement)).toHaveTextContent("dark theme");
    await expect(rootIsDark(canvasElement)).toBe(true);
    await userEvent.click(canvas.getByRole("switch", { name: "Device prefers dark" }));
    await expect(applied(canvasElement)).toHaveTextContent("light theme");
    await expect(rootIsDark(canvasElement)).toBe(false);
  },
};

/** A choice leaves system mode: the device preference no longer moves the theme. */
export const ChoosingLeavesSystem: Story = {
  args: { defaultMode: "system" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Dark theme" }));
    await expect(canvas.getByRole("radio", { name: "Dark" })).toBeChecked();
    await userEvent.click(canvas.getByRole("switch", { name: "Device prefers dark" }));
    await userEvent.click(canvas.getByRole("switch", { name: "Device prefers dark" }));
    await expect(applied(canvasElement)).toHaveTextContent("dark theme");
    await expect(rootIsDark(canvasElement)).toBe(true);
  },
};

/** Site storage blocked: choosing still works, for as long as the page lives. */
export const BlockedStorage: Story = {
  args: { defaultMode: "light", storage: "blocked" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: "Dark" }));
    await expect(applied(canvasElement)).toHaveTextContent("dark theme");
    await expect(rootIsDark(canvasElement)).toBe(true);
  },
};
