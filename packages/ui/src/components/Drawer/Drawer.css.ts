import { keyframes, style } from "@vanilla-extract/css";
import { reducedMotionQuery, vars } from "../../tokens/contract.css.ts";

const slideIn = keyframes({ from: { transform: "translateX(100%)" }, to: { transform: "translateX(0)" } });

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.modal,
  backgroundColor: vars.color.surface.backdrop,
});

export const modal = style({
  position: "fixed",
  top: 0,
  right: 0,
  bottom: 0,
  width: `min(100vw, ${vars.size.drawerWidth})`,
  display: "flex",
  outline: "none",
  selectors: {
    "&[data-entering]": { animation: `${slideIn} ${vars.motion.duration.standard} ${vars.motion.easing.emphasized}` },
  },
  "@media": { [reducedMotionQuery]: { animation: "none" } },
});

export const dialog = style({
  display: "flex",
  flexDirection: "column",
  width: "100%",
  height: "100%",
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  borderLeft: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  boxShadow: vars.shadow.large,
  outline: "none",
});

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.medium,
  padding: vars.space.large,
  borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  overflowWrap: "anywhere",
});

export const body = style({
  flex: 1,
  overflowY: "auto",
  padding: vars.space.large,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.large,
  overflowWrap: "anywhere",
});

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  gap: vars.space.small,
  padding: vars.space.large,
  borderTop: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});
