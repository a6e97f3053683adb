import { assignVars, createTheme, globalStyle } from "@vanilla-extract/css";
import { vars } from "./contract.css.ts";
import { scales } from "./scales.ts";

const tokens = {
  ...scales,
  color: {
    text: {
      primary: "#fafafa",
      secondary: "#a1a1aa",
      disabled: "#52525b",
      inverse: "#18181b",
      link: "#93c5fd",
      linkHover: "#bfdbfe",
    },
    surface: {
      canvas: "#111113",
      raised: "#18181b",
      sunken: "#09090b",
      overlay: "#1f1f23",
      hover: "#27272a",
      pressed: "#3f3f46",
      selected: "#3f3f46",
      inverse: "#fafafa",
      backdrop: "rgb(0 0 0 / 0.7)",
    },
    border: { subtle: "#27272a", default: "#3f3f46", strong: "#a1a1aa", focus: "#60a5fa", field: "#71717a" },
    primary: { solid: "#e4e4e7", solidHover: "#d4d4d8", solidPressed: "#fafafa", solidText: "#18181b" },
    tone: {
      neutral: { text: "#d4d4d8", background: "#27272a", border: "#52525b", solid: "#52525b", solidText: "#ffffff" },
      info: { text: "#93c5fd", background: "#172554", border: "#1e40af", solid: "#1d4ed8", solidText: "#ffffff" },
      positive: { text: "#86efac", background: "#052e16", border: "#166534", solid: "#15803d", solidText: "#ffffff" },
      caution: { text: "#fcd34d", background: "#451a03", border: "#92400e", solid: "#b45309", solidText: "#ffffff" },
      critical: { text: "#fca5a5", background: "#450a0a", border: "#991b1b", solid: "#b91c1c", solidText: "#ffffff" },
      brand: { text: "#a5b4fc", background: "#1e1b4b", border: "#3730a3", solid: "#4338ca", solidText: "#ffffff" },
      promote: { text: "#d8b4fe", background: "#3b0764", border: "#6b21a8", solid: "#7e22ce", solidText: "#ffffff" },
      accent: { text: "#5eead4", background: "#042f2e", border: "#115e59", solid: "#0f766e", solidText: "#ffffff" },
    },
  },
  shadow: {
    small: "0 1px 2px rgb(0 0 0 / 0.4)",
    medium: "0 4px 6px -1px rgb(0 0 0 / 0.5), 0 2px 4px -2px rgb(0 0 0 / 0.4)",
    large: "0 20px 25px -5px rgb(0 0 0 / 0.6), 0 8px 10px -6px rgb(0 0 0 / 0.5)",
    focusRing: "0 0 0 2px #111113, 0 0 0 4px #60a5fa",
  },
  chart: {
    series1: "#60a5fa",
    series2: "#4ade80",
    series3: "#fbbf24",
    series4: "#f87171",
    series5: "#a78bfa",
    series6: "#22d3ee",
    grid: "#27272a",
    axis: "#a1a1aa",
    tooltipBackground: "#1f1f23",
    tooltipText: "#fafafa",
  },
};

/** Class applying the dark theme to a subtree. */
export const darkTheme = createTheme(vars, tokens);

/** Class name that switches the whole document to dark when set on <html>. */
export const darkClassName = "dark";

// Braid-style: dark mode is a selector on <html>, so `document.documentElement.classList.toggle("dark")` is enough.
globalStyle(`:root.${darkClassName}`, { vars: assignVars(vars, tokens), colorScheme: "dark" });
