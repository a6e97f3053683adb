import { Card, Radio, RadioGroup, type ThemeMode, useTheme } from "@sentinel/ui";
import * as styles from "./profile.css.ts";

const modes: readonly ThemeMode[] = ["light", "dark", "system"];
const isThemeMode = (value: string): value is ThemeMode => (modes as readonly string[]).includes(value);

/**
 * The theme, also switchable from the top bar (which picks light or dark); only here can the user
 * go back to following the device. The choice is kept in this browser.
 */
export function AppearanceCard() {
  const { mode, setMode } = useTheme();
  return (
    <Card title="Appearance">
      <RadioGroup
        label="Theme"
        value={mode}
        onChange={(value) => {
          if (isThemeMode(value)) setMode(value);
        }}
      >
        <Radio value="light">Light</Radio>
        <Radio value="dark">Dark</Radio>
        <Radio value="system" description="Follows your device's light or dark setting.">
          Match system
        </Radio>
      </RadioGroup>
      <p className={styles.muted}>Your choice is remembered in this browser.</p>
    </Card>
  );
}
