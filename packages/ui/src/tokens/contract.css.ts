import { createThemeContract } from "@vanilla-extract/css";

/** A colour set for one semantic tone: quiet text on a tinted background, or white-ish text on a solid fill. */
const toneShape = { text: null, background: null, border: null, solid: null, solidText: null };

/**
 * The single theme contract. Light and dark are two `createTheme` implementations of it;
 * names describe meaning, never the palette.
 */
export const vars = createThemeContract({
  color: {
    text: { primary: null, secondary: null, disabled: null, inverse: null, link: null, linkHover: null },
    surface: {
      canvas: null,
      raised: null,
      sunken: null,
      overlay: null,
      hover: null,
      pressed: null,
      selected: null,
      inverse: null,
      backdrop: null,
    },
    border: { subtle: null, default: null, strong: null, focus: null, field: null },
    /** Primary actions: the product's primary palette is neutral grey. */
    primary: { solid: null, solidHover: null, solidPressed: null, solidText: null },
    tone: {
      neutral: toneShape,
      info: toneShape,
      positive: toneShape,
      caution: toneShape,
      critical: toneShape,
      brand: toneShape,
      /** Sets a value apart without calling it good or bad (a false positive, a refund, the client admin role). */
      promote: toneShape,
      /** A second set-apart hue for enumerations that need one more (a partial payment, the analyst role). */
      accent: toneShape,
    },
  },
  space: {
    none: null,
    xxsmall: null,
    xsmall: null,
    small: null,
    medium: null,
    large: null,
    xlarge: null,
    xxlarge: null,
    xxxlarge: null,
  },
  borderWidth: { standard: null, thick: null },
  radius: { none: null, small: null, medium: null, large: null, full: null },
  font: {
    family: { sans: null, mono: null },
    size: { xsmall: null, small: null, standard: null, large: null, xlarge: null, xxlarge: null, xxxlarge: null },
    weight: { regular: null, medium: null, semibold: null, bold: null },
    lineHeight: { tight: null, standard: null, relaxed: null },
  },
  shadow: { small: null, medium: null, large: null, focusRing: null },
  motion: {
    duration: { fast: null, standard: null, ripple: null, routeFade: null },
    easing: { standard: null, emphasized: null },
  },
  zIndex: { base: null, overlay: null, menu: null, modal: null, tooltip: null, toast: null },
  size: {
    toastWidth: null,
    tooltipMaxWidth: null,
    controlSmall: null,
    controlMedium: null,
    controlLarge: null,
    icon: null,
    iconSmall: null,
    drawerWidth: null,
    dialogWidth: null,
    popoverMinWidth: null,
  },
  chart: {
    series1: null,
    series2: null,
    series3: null,
    series4: null,
    series5: null,
    series6: null,
    grid: null,
    axis: null,
    tooltipBackground: null,
    tooltipText: null,
  },
});

/** Minimum viewport width (px) at which the sidebar starts expanded. Media queries can't read CSS variables. */
export const sidebarExpandedMinWidth = 1920;

/** Media query matching `sidebarExpandedMinWidth` for use in vanilla-extract `@media` blocks. */
export const sidebarExpandedQuery = `screen and (min-width: ${sidebarExpandedMinWidth}px)`;

/**
 * Widest viewport (px) of the narrow layout: below 768 px the shell's sidebar becomes a drawer and the
 * top bar compacts. Media and container queries can't read CSS variables.
 */
export const narrowMaxWidth = 767;

/** Media query matching viewports of `narrowMaxWidth` or less, for `@media` blocks and `matchMedia`. */
export const narrowQuery = `screen and (max-width: ${narrowMaxWidth}px)`;

/** Media query for users who asked for less motion; every animation must be disabled under it. */
export const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
