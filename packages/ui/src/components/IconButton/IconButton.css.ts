import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const iconButton = recipe({
  base: [
    focusRing,
    {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      flexShrink: 0,
      borderRadius: vars.radius.medium,
      borderWidth: vars.borderWidth.standard,
      borderStyle: "solid",
      borderColor: "transparent",
      background: "transparent",
      color: vars.color.text.primary,
      cursor: "pointer",
      transitionProperty: "background-color, border-color",
      transitionDuration: vars.motion.duration.fast,
      selectors: {
        "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
        "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
        "&[data-disabled]": { cursor: "not-allowed", opacity: 0.55 },
      },
    },
  ],
  variants: {
    variant: {
      ghost: {},
      outline: { borderColor: vars.color.border.strong, backgroundColor: vars.color.surface.raised },
    },
    size: {
      small: { width: vars.size.controlSmall, height: vars.size.controlSmall },
      medium: { width: vars.size.controlMedium, height: vars.size.controlMedium },
    },
  },
  defaultVariants: { variant: "ghost", size: "medium" },
});

export const glyph = style({ display: "inline-flex" });
