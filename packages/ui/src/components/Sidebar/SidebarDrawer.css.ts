import { keyframes, style } from "@vanilla-extract/css";
import { reducedMotionQuery, vars } from "../../tokens/contract.css.ts";

const slideIn = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "translateX(0)" } });

export const overlay = style({
  position: "fixed",
  inset: 0,
  zIndex: vars.zIndex.modal,
  backgroundColor: vars.color.surface.backdrop,
});

export const modal = style({
  position: "fixed",
  top: 0,
  bottom: 0,
  insetInlineStart: 0,
  width: "min(85vw, 18rem)",
  display: "flex",
  outline: "none",
  boxShadow: vars.shadow.large,
  selectors: {
    "&[data-entering]": { animation: `${slideIn} ${vars.motion.duration.standard} ${vars.motion.easing.emphasized}` },
  },
  "@media": { [reducedMotionQuery]: { animation: "none" } },
});

export const dialog = style({
  display: "flex",
  flex: 1,
  minWidth: 0,
  height: "100%",
  outline: "none",
});
