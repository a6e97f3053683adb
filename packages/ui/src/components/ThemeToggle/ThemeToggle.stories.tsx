import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { type Theme, ThemeToggle, type ThemeToggleProps } from "./ThemeToggle.tsx";

const meta = {
  title: "Components/App frame/ThemeToggle",
  id: "app-frame-themetoggle",
  component: ThemeToggle,
  args: { theme: "light", onThemeChange: fn() },
} satisfies Meta<typeof ThemeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

function Stateful(props: ThemeToggleProps) {
  const [theme, setTheme] = useState<Theme>(props.theme);
  return (
    <ThemeToggle
      {...props}
      theme={theme}
      onThemeChange={(next) => {
        props.onThemeChange(next);
        setTheme(next);
      }}
    />
  );
}

export const Default: Story = {};

export const AllVariants: Story = {
  render: (args) => (
    <div style={{ display: "flex", gap: "1rem" }}>
      <ThemeToggle {...args} theme="light" />
      <ThemeToggle {...args} theme="dark" />
    </div>
  ),
};

export const States: Story = {
  render: (args) => (
    <div style={{ display: "flex", gap: "1rem" }}>
      <ThemeToggle {...args} isDisabled />
      <ThemeToggle {...args} theme="dark" isDisabled />
    </div>
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
