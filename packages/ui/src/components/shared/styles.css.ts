import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

/** Keyboard focus ring shared by every focusable control; pointer focus stays quiet. */
export const focusRing = style({
  outline: "none",
  selectors: {
    "&[data-focus-visible]": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      outlineOffset: vars.borderWidth.thick,
    },
  },
});

/** Hides content visually while keeping it for assistive technology. */
export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
});
