import { globalStyle, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const button = recipe({
  base: [
    focusRing,
    {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      gap: vars.space.small,
      // A label wider than the room it gets wraps instead of being cut off. In a flex row the
      // button keeps its one-line width (no shrinking), as it did when labels never wrapped.
      flexShrink: 0,
      maxWidth: "100%",
      paddingBlock: vars.space.xsmall,
      textAlign: "center",
      overflowWrap: "anywhere",
      borderRadius: vars.radius.medium,
      borderWidth: vars.borderWidth.standard,
      borderStyle: "solid",
      borderColor: "transparent",
      fontFamily: vars.font.family.sans,
      fontWeight: vars.font.weight.medium,
      lineHeight: vars.font.lineHeight.tight,
      cursor: "pointer",
      userSelect: "none",
      textDecoration: "none",
      transitionProperty: "background-color, border-color, color, box-shadow",
      transitionDuration: vars.motion.duration.fast,
      transitionTimingFunction: vars.motion.easing.standard,
      WebkitTapHighlightColor: "transparent",
      selectors: {
        "&[data-disabled]": { cursor: "not-allowed", opacity: 0.55 },
        "&[data-pending]": { cursor: "progress" },
      },
    },
  ],
  variants: {
    variant: {
      solid: {
        backgroundColor: vars.color.primary.solid,
        color: vars.color.primary.solidText,
        selectors: {
          "&[data-hovered]": { backgroundColor: vars.color.primary.solidHover },
          "&[data-pressed]": { backgroundColor: vars.color.primary.solidPressed },
        },
      },
      outline: {
        backgroundColor: vars.color.surface.raised,
        borderColor: vars.color.border.strong,
        color: vars.color.text.primary,
        selectors: {
          "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
          "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
        },
      },
      ghost: {
        backgroundColor: "transparent",
        color: vars.color.text.primary,
        selectors: {
          "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
          "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
        },
      },
      critical: {
        backgroundColor: vars.color.tone.critical.solid,
        color: vars.color.tone.critical.solidText,
        selectors: {
          "&[data-hovered]": { backgroundColor: `color-mix(in srgb, ${vars.color.tone.critical.solid} 85%, black)` },
          "&[data-pressed]": { backgroundColor: `color-mix(in srgb, ${vars.color.tone.critical.solid} 75%, black)` },
        },
      },
      criticalOutline: {
        backgroundColor: "transparent",
        borderColor: vars.color.tone.critical.border,
        color: vars.color.tone.critical.text,
        selectors: {
          "&[data-hovered]": { backgroundColor: vars.color.tone.critical.background },
          "&[data-pressed]": { backgroundColor: vars.color.tone.critical.background },
        },
      },
    },
    size: {
      small: {
        minHeight: vars.size.controlSmall,
        paddingInline: vars.space.medium,
        fontSize: vars.font.size.small,
      },
      medium: {
        minHeight: vars.size.controlMedium,
        paddingInline: vars.space.large,
        fontSize: vars.font.size.standard,
      },
      large: {
        minHeight: vars.size.controlLarge,
        paddingInline: vars.space.xlarge,
        fontSize: vars.font.size.large,
      },
    },
    fullWidth: {
      true: { width: "100%" },
      false: {},
    },
  },
  defaultVariants: { variant: "solid", size: "medium", fullWidth: false },
});

export const icon = style({
  display: "inline-flex",
  flexShrink: 0,
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
});

// Opacity, not visibility: the label must stay in the accessible name while pending.
export const pendingLabel = style({ opacity: 0 });

export const pendingSpinner = style({ position: "absolute" });

export const content = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.small,
  minWidth: 0,
});

globalStyle(`${icon} > svg`, { width: "100%", height: "100%" });
