/**
 * Theme-independent scales shared by the light and dark themes. Kept outside `.css.ts`
 * so both theme files fill the same contract from one source.
 */
export const scales = {
  space: {
    none: "0",
    xxsmall: "0.125rem",
    xsmall: "0.25rem",
    small: "0.5rem",
    medium: "0.75rem",
    large: "1rem",
    xlarge: "1.5rem",
    xxlarge: "2rem",
    xxxlarge: "3rem",
  },
  borderWidth: { standard: "1px", thick: "2px" },
  radius: { none: "0", small: "0.25rem", medium: "0.375rem", large: "0.75rem", full: "9999px" },
  font: {
    family: {
      sans: "'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      mono: "'JetBrains Mono Variable', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
    },
    size: {
      xsmall: "0.75rem",
      small: "0.8125rem",
      standard: "0.875rem",
      large: "1rem",
      xlarge: "1.25rem",
      xxlarge: "1.5rem",
      xxxlarge: "2rem",
    },
    weight: { regular: "400", medium: "500", semibold: "600", bold: "700" },
    lineHeight: { tight: "1.25", standard: "1.5", relaxed: "1.7" },
  },
  motion: {
    duration: { fast: "120ms", standard: "200ms", ripple: "400ms", routeFade: "150ms" },
    easing: { standard: "cubic-bezier(0.2, 0, 0, 1)", emphasized: "cubic-bezier(0.3, 0, 0, 1.3)" },
  },
  // The product's own stacking scale; toasts must stay above modals.
  zIndex: { base: "999", overlay: "1000", menu: "1000", modal: "1100", tooltip: "1100", toast: "1200" },
  size: {
    toastWidth: "25rem",
    tooltipMaxWidth: "12.5rem",
    controlSmall: "2rem",
    controlMedium: "2.5rem",
    controlLarge: "3rem",
    icon: "1.25rem",
    iconSmall: "1rem",
    drawerWidth: "28rem",
    dialogWidth: "32rem",
    popoverMinWidth: "10rem",
  },
} as const;
