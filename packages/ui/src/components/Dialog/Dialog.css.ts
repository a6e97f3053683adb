import { keyframes, style } from "@vanilla-extract/css";
import { reducedMotionQuery, vars } from "../../tokens/contract.css.ts";

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space.large,
  backgroundColor: vars.color.surface.backdrop,
  selectors: { "&[data-entering]": { animation: `${fadeIn} ${vars.motion.duration.fast}` } },
  "@media": { [reducedMotionQuery]: { animation: "none" } },
});

export const modal = style({
  width: "100%",
  maxWidth: vars.size.dialogWidth,
  maxHeight: "100%",
  display: "flex",
  outline: "none",
});

export const dialog = style({
  display: "flex",
  flexDirection: "column",
  width: "100%",
  maxHeight: "calc(100vh - 4rem)",
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.large,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  outline: "none",
});

export const header = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "space-between",
  gap: vars.space.medium,
  padding: `${vars.space.large} ${vars.space.large} ${vars.space.small}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: "anywhere",
});

export const body = style({
  padding: `${vars.space.small} ${vars.space.large}`,
  overflowY: "auto",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.medium,
  overflowWrap: "anywhere",
});

export const footer = style({
  display: "flex",
  justifyContent: "flex-end",
  flexWrap: "wrap",
  gap: vars.space.small,
  padding: `${vars.space.medium} ${vars.space.large} ${vars.space.large}`,
});
