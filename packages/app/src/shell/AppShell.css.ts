import { vars } from "@sentinel/ui";
import { keyframes, style } from "@vanilla-extract/css";

export const shell = style({
  display: "flex",
  minHeight: "100vh",
  backgroundColor: vars.color.surface.canvas,
});

export const sidebar = style({
  position: "sticky",
  top: 0,
  height: "100vh",
  flexShrink: 0,
  display: "flex",
});

export const column = style({ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" });

export const main = style({
  flex: 1,
  minWidth: 0,
  padding: vars.space.xlarge,
  outline: "none",
  selectors: { [`${shell}[data-narrow] &`]: { padding: vars.space.medium } },
});

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const page = style({
  animationName: fadeIn,
  animationDuration: vars.motion.duration.routeFade,
  animationTimingFunction: vars.motion.easing.standard,
  // No fill mode: a cancelled or skipped animation must leave the page fully visible.
});

export const skipLink = style({
  position: "absolute",
  left: vars.space.small,
  top: vars.space.small,
  zIndex: vars.zIndex.tooltip,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.focusRing,
  transform: "translateY(-200%)",
  selectors: { "&:focus": { transform: "none" } },
});
