import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const button = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: vars.size.controlMedium,
    height: vars.size.controlMedium,
    padding: 0,
    border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
    borderRadius: vars.radius.full,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    cursor: "pointer",
    transition: `background-color ${vars.motion.duration.fast} ${vars.motion.easing.standard}`,
    selectors: {
      "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
      "&[data-disabled]": { color: vars.color.text.disabled, cursor: "default" },
    },
  },
]);

export const icon = style({
  width: vars.size.icon,
  height: vars.size.icon,
});
