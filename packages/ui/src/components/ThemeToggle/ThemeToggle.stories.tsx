import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Inline } from "../Inline/Inline.tsx";
import { ThemeProvider, useTheme } from "../ThemeProvider/ThemeProvider.tsx";
import { type Theme, ThemeToggle, type ThemeToggleProps } from "./ThemeToggle.tsx";

// The docs page's usage, do/don't and accessibility notes.
const usage =
  "**When to use.** The light/dark switch in the top bar.\n\n**When not to.** Don't use it for other on/off settings (use `Switch`).\n\n**Accessibility.** A toggle button (`aria-pressed`; pressed means dark) with a constant name, so its state is announced rather than its label changing.";

const meta = {
  title: "Components/App frame/ThemeToggle",
  id: "app-frame-themetoggle",
  component: ThemeToggle,
  args: { theme: "light", onThemeChange: fn() },
  parameters: { docs: { description: { component: usage } } },
} satisfies Meta<typeof ThemeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

function Stateful(props: ThemeToggleProps) {
  const [theme, setTheme] = useState<Theme>(props.theme ?? "light");
  return (
    <ThemeToggle
      {...props}
      theme={theme}
      onThemeChange={(next) => {
        props.onThemeChange?.(next);
        setTheme(next);
      }}
    />
  );
}

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <Inline space="large">
      <ThemeToggle {...args} theme="light" />
      <ThemeToggle {...args} theme="dark" />
    </Inline>
  ),
};

export const States: Story = {
  render: (args) => (
    <Inline space="large">
      <ThemeToggle {...args} isDisabled />
      <ThemeToggle {...args} theme="dark" isDisabled />
    </Inline>
  ),
};

/** Keyboard: Space and Enter flip the pressed state and report the theme to switch to. */
export const Toggles: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Dark theme" });
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(args.onThemeChange).toHaveBeenLastCalledWith("dark");
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await userEvent.keyboard("{Enter}");
    await expect(args.onThemeChange).toHaveBeenLastCalledWith("light");
    await expect(button).toHaveAttribute("aria-pressed", "false");
  },
};

function AppliedTheme() {
  const { mode, theme } = useTheme();
  return (
    <output aria-label="Applied theme">
      {mode} mode, {theme} theme
    </output>
  );
}

/**
 * Inside a ThemeProvider the toggle needs no props: it shows the provider's theme and a press
 * chooses the other one. (The provider here writes no class and keeps no storage, so the story
 * leaves the preview's theme alone.)
 */
export const WithThemeProvider: Story = {
  args: { theme: undefined, onThemeChange: fn() },
  render: (args) => (
    <ThemeProvider root={null} storage={null} media={null} defaultMode="system">
      <Inline space="large" alignY="center">
        <ThemeToggle aria-label={args["aria-label"]} onThemeChange={args.onThemeChange} />
        <AppliedTheme />
      </Inline>
    </ThemeProvider>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", { name: "Dark theme" });
    await expect(canvas.getByRole("status", { name: "Applied theme" })).toHaveTextContent("system mode, light theme");
    await userEvent.click(button);
    await expect(args.onThemeChange).toHaveBeenLastCalledWith("dark");
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByRole("status", { name: "Applied theme" })).toHaveTextContent("dark mode, dark theme");
  },
};
