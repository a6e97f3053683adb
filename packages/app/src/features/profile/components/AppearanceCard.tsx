import { Card, Switch } from "@sentinel/ui";
import { useTheme } from "../../../lib/ThemeContext.tsx";
import * as styles from "./profile.css.ts";

/** The theme, also switchable from the top bar; the choice is kept in this browser. */
export function AppearanceCard() {
  const [theme, setTheme] = useTheme();
  return (
    <Card title="Appearance">
      <Switch isSelected={theme === "dark"} onChange={(dark) => setTheme(dark ? "dark" : "light")}>
        Dark theme
      </Switch>
      <p className={styles.muted}>Your choice is remembered in this browser.</p>
    </Card>
  );
}
