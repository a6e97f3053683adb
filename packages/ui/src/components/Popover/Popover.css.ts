import { style } from "@vanilla-extract/css";
import { reducedMotionQuery, vars } from "../../tokens/contract.css.ts";

export const popover = style({
  // react-aria sets an inline z-index of 100000 on popovers; the named layer must win.
  zIndex: `${vars.zIndex.menu} !important`,
  minWidth: vars.size.popoverMinWidth,
  maxWidth: "min(90vw, 28rem)",
  backgroundColor: vars.color.surface.overlay,
  color: vars.color.text.primary,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.large,
  outline: "none",
  overflow: "auto",
  transitionProperty: "opacity",
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    "&[data-entering]": { opacity: 0 },
    "&[data-exiting]": { opacity: 0 },
  },
  "@media": { [reducedMotionQuery]: { transition: "none" } },
});

export const dialog = style({ outline: "none", padding: vars.space.medium });
