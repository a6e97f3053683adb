import { createContainer, style } from "@vanilla-extract/css";
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

/** The rules of `visuallyHidden`, for a style that hides its content only under a media or container query. */
export const visuallyHiddenRules = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

/** Hides content visually while keeping it for assistive technology. */
export const visuallyHidden = style(visuallyHiddenRules);

/**
 * The top bar's query container: its controls (UserMenu, the balance) compact when the bar, not the
 * viewport, is narrow, so a bar in a narrow column or a story's fixed-width frame compacts too.
 */
export const topBarContainer = createContainer("topBar");
