import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";

/** A checkbox/radio/switch with its description and error, stacked. */
export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  minWidth: 0,
  fontFamily: vars.font.family.sans,
});

/** The clickable label holding indicator and text. */
export const button = style({
  display: "inline-flex",
  alignItems: "flex-start",
  gap: vars.space.small,
  minWidth: 0,
  color: vars.color.text.primary,
  fontSize: vars.font.size.standard,
  lineHeight: vars.font.lineHeight.standard,
  cursor: "pointer",
  overflowWrap: "anywhere",
  WebkitTapHighlightColor: "transparent",
  selectors: {
    "&[data-disabled]": { cursor: "not-allowed", color: vars.color.text.secondary },
  },
});

/** Help text lines up under the label, past the indicator. */
export const itemHelp = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  paddingInlineStart: `calc(${vars.size.iconSmall} + ${vars.space.small})`,
});

const focusVisible = {
  outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
  outlineOffset: vars.borderWidth.thick,
};

/** The square (checkbox) or circle (radio) indicator. */
export const indicator = recipe({
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    width: vars.size.iconSmall,
    height: vars.size.iconSmall,
    // Centre the box on the first line of a label that may wrap.
    marginTop: `calc((1em * ${vars.font.lineHeight.standard} - ${vars.size.iconSmall}) / 2)`,
    borderWidth: vars.borderWidth.standard,
    borderStyle: "solid",
    borderColor: vars.color.border.field,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.primary.solidText,
    transitionProperty: "background-color, border-color",
    transitionDuration: vars.motion.duration.fast,
    selectors: {
      [`${button}[data-hovered] &`]: { borderColor: vars.color.border.strong },
      [`${button}[data-focus-visible] &`]: focusVisible,
      [`${button}[data-selected] &, ${button}[data-indeterminate] &`]: {
        backgroundColor: vars.color.primary.solid,
        borderColor: vars.color.primary.solid,
      },
      [`${button}[data-invalid] &`]: { borderColor: vars.color.tone.critical.text },
      [`${button}[data-disabled] &`]: {
        backgroundColor: vars.color.surface.sunken,
        borderColor: vars.color.border.default,
        color: vars.color.text.disabled,
      },
    },
  },
  variants: {
    shape: {
      square: { borderRadius: vars.radius.small },
      circle: {
        borderRadius: vars.radius.full,
        selectors: {
          // A radio shows its state as a ring around a dot, not a filled box.
          [`${button}[data-selected] &`]: {
            backgroundColor: vars.color.surface.raised,
            borderColor: vars.color.primary.solid,
            borderWidth: `calc(${vars.size.iconSmall} * 0.3)`,
          },
          [`${button}[data-selected][data-disabled] &`]: { borderColor: vars.color.text.disabled },
        },
      },
    },
  },
  defaultVariants: { shape: "square" },
});

export const checkIcon = style({ width: "85%", height: "85%", strokeWidth: 3 });

/** Vertical or horizontal list of options inside a group. */
export const options = recipe({
  base: { display: "flex", gap: vars.space.small, marginTop: vars.space.xxsmall },
  variants: {
    orientation: {
      vertical: { flexDirection: "column" },
      horizontal: { flexDirection: "row", flexWrap: "wrap", columnGap: vars.space.large },
    },
  },
  defaultVariants: { orientation: "vertical" },
});

/* ---------- Switch ---------- */

export const track = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  flexShrink: 0,
  width: `calc(${vars.size.iconSmall} * 2)`,
  height: vars.size.icon,
  marginTop: `calc((1em * ${vars.font.lineHeight.standard} - ${vars.size.icon}) / 2)`,
  padding: vars.space.xxsmall,
  borderRadius: vars.radius.full,
  borderWidth: vars.borderWidth.standard,
  borderStyle: "solid",
  borderColor: vars.color.border.field,
  backgroundColor: vars.color.surface.sunken,
  transitionProperty: "background-color, border-color",
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    [`${button}[data-hovered] &`]: { borderColor: vars.color.border.strong },
    [`${button}[data-focus-visible] &`]: focusVisible,
    [`${button}[data-selected] &`]: {
      backgroundColor: vars.color.primary.solid,
      borderColor: vars.color.primary.solid,
    },
    [`${button}[data-invalid] &`]: { borderColor: vars.color.tone.critical.text },
    [`${button}[data-disabled] &`]: {
      backgroundColor: vars.color.surface.sunken,
      borderColor: vars.color.border.default,
    },
  },
});

export const thumb = style({
  display: "block",
  width: `calc(${vars.size.icon} - ${vars.space.xxsmall} * 2 - ${vars.borderWidth.standard} * 2)`,
  aspectRatio: "1 / 1",
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.border.strong,
  transitionProperty: "transform, background-color",
  transitionDuration: vars.motion.duration.fast,
  transitionTimingFunction: vars.motion.easing.standard,
  selectors: {
    [`${button}[data-selected] &`]: {
      backgroundColor: vars.color.primary.solidText,
      transform: `translateX(calc(${vars.size.iconSmall} * 2 - ${vars.size.icon}))`,
    },
    [`${button}[data-disabled] &`]: { backgroundColor: vars.color.text.disabled },
  },
});

/** The switch track is wider than a checkbox, so its help text starts further in. */
export const switchHelp = style({
  paddingInlineStart: `calc(${vars.size.iconSmall} * 2 + ${vars.space.small})`,
});
