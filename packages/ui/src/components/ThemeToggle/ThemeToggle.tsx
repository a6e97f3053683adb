import { Moon, Sun } from "lucide-react";
import { ToggleButton } from "react-aria-components";
import { useOptionalTheme } from "../ThemeProvider/ThemeProvider.tsx";
import type { Theme } from "../ThemeProvider/themeStore.ts";
import * as styles from "./ThemeToggle.css.ts";

export type { Theme };

export interface ThemeToggleProps {
  /**
   * The theme in use, to control the toggle yourself (with `onThemeChange`).
   * @default the nearest ThemeProvider's applied theme
   */
  theme?: Theme;
  /**
   * Called with the theme to switch to. Without `theme`, the nearest ThemeProvider also applies
   * and persists it.
   */
  onThemeChange?: (theme: Theme) => void;
  /**
   * Accessible name; the pressed state says whether dark is on.
   * @default "Dark theme"
   */
  "aria-label"?: string;
  /**
   * Disables the toggle.
   * @default false
   */
  isDisabled?: boolean;
}

/**
 * A toggle button for dark mode (`aria-pressed`): pressed means dark. The icon shows the current
 * theme, sun in light and moon in dark. Inside a ThemeProvider it needs no props: it shows the
 * applied theme and a press chooses the other one (leaving `system` mode). Pass `theme` and
 * `onThemeChange` to use it without a provider.
 */
export function ThemeToggle({
  theme: controlledTheme,
  onThemeChange,
  "aria-label": ariaLabel = "Dark theme",
  isDisabled = false,
}: ThemeToggleProps) {
  const provided = useOptionalTheme();
  const isControlled = controlledTheme !== undefined;
  if (!isControlled && !provided) throw new Error("ThemeToggle needs a `theme` prop or a ThemeProvider above it.");
  const theme = controlledTheme ?? provided?.theme ?? "light";
  const isDark = theme === "dark";
  return (
    <ToggleButton
      className={styles.button}
      aria-label={ariaLabel}
      isSelected={isDark}
      isDisabled={isDisabled}
      onChange={(dark) => {
        const next: Theme = dark ? "dark" : "light";
        onThemeChange?.(next);
        if (!isControlled) provided?.setMode(next);
      }}
    >
      {isDark ? <Moon className={styles.icon} aria-hidden /> : <Sun className={styles.icon} aria-hidden />}
    </ToggleButton>
  );
}
