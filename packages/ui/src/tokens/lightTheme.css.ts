import { assignVars, createTheme, globalStyle } from "@vanilla-extract/css";
import { vars } from "./contract.css.ts";
import { scales } from "./scales.ts";

const tokens = {
  ...scales,
  color: {
    text: {
      primary: "#18181b",
      secondary: "#52525b",
      disabled: "#a1a1aa",
      inverse: "#fafafa",
      link: "#1d4ed8",
      linkHover: "#1e3a8a",
    },
    surface: {
      canvas: "#ffffff",
      raised: "#ffffff",
      sunken: "#f4f4f5",
      overlay: "#ffffff",
      hover: "#f4f4f5",
      pressed: "#e4e4e7",
      selected: "#e4e4e7",
      inverse: "#18181b",
      backdrop: "rgb(9 9 11 / 0.5)",
    },
    border: { subtle: "#e4e4e7", default: "#d4d4d8", strong: "#71717a", focus: "#2563eb", field: "#71717a" },
    primary: { solid: "#27272a", solidHover: "#3f3f46", solidPressed: "#18181b", solidText: "#ffffff" },
    tone: {
      neutral: { text: "#3f3f46", background: "#f4f4f5", border: "#a1a1aa", solid: "#52525b", solidText: "#ffffff" },
      info: { text: "#1e40af", background: "#eff6ff", border: "#93c5fd", solid: "#1d4ed8", solidText: "#ffffff" },
      positive: { text: "#166534", background: "#f0fdf4", border: "#86efac", solid: "#15803d", solidText: "#ffffff" },
      caution: { text: "#92400e", background: "#fffbeb", border: "#fcd34d", solid: "#b45309", solidText: "#ffffff" },
      critical: { text: "#991b1b", background: "#fef2f2", border: "#fca5a5", solid: "#b91c1c", solidText: "#ffffff" },
      brand: { text: "#3730a3", background: "#eef2ff", border: "#a5b4fc", solid: "#4338ca", solidText: "#ffffff" },
      promote: { text: "#6b21a8", background: "#faf5ff", border: "#d8b4fe", solid: "#7e22ce", solidText: "#ffffff" },
      accent: { text: "#115e59", background: "#f0fdfa", border: "#5eead4", solid: "#0f766e", solidText: "#ffffff" },
    },
  },
  shadow: {
    small: "0 1px 2px rgb(0 0 0 / 0.06), 0 1px 3px rgb(0 0 0 / 0.1)",
    medium: "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
    large: "0 20px 25px -5px rgb(0 0 0 / 0.1), 0 8px 10px -6px rgb(0 0 0 / 0.1)",
    focusRing: "0 0 0 2px #ffffff, 0 0 0 4px #2563eb",
  },
  chart: {
    series1: "#2563eb",
    series2: "#16a34a",
    series3: "#d97706",
    series4: "#dc2626",
    series5: "#7c3aed",
    series6: "#0891b2",
    grid: "#e4e4e7",
    axis: "#52525b",
    tooltipBackground: "#ffffff",
    tooltipText: "#18181b",
  },
};

/** Class applying the light theme to a subtree (e.g. a light preview inside dark docs). */
export const lightTheme = createTheme(vars, tokens);

// Light is the document default; the `dark` class on <html> overrides it (see darkTheme.css.ts).
globalStyle(":root", { vars: assignVars(vars, tokens), colorScheme: "light" });
