import { Moon, Sun } from "lucide-react";
import { ToggleButton } from "react-aria-components";
import * as styles from "./ThemeToggle.css.ts";

export type Theme = "light" | "dark";

export interface ThemeToggleProps {
  /** The theme in use. */
  theme: Theme;
  /** Called with the theme to switch to; the app applies it (the `dark` class on <html>) and persists it. */
  onThemeChange: (theme: Theme) => void;
  /**
   * Accessible name; the pressed state says whether dark is on.
   * @default "Dark theme"
   */
  "aria-label"?: string;
  /** @default false */
  isDisabled?: boolean;
}

/**
 * A toggle button for dark mode (`aria-pressed`): pressed means dark. The icon shows the current
 * theme, sun in light and moon in dark.
 */
export function ThemeToggle({
  theme,
  onThemeChange,
  "aria-label": ariaLabel = "Dark theme",
  isDisabled = false,
}: ThemeToggleProps) {
  const isDark = theme === "dark";
  return (
    <ToggleButton
      className={styles.button}
      aria-label={ariaLabel}
      isSelected={isDark}
      isDisabled={isDisabled}
      onChange={(dark) => onThemeChange(dark ? "dark" : "light")}
    >
      {isDark ? <Moon className={styles.icon} aria-hidden /> : <Sun className={styles.icon} aria-hidden />}
    </ToggleButton>
  );
}
