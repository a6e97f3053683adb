import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const trigger = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    gap: vars.space.small,
    maxWidth: "18rem",
    minHeight: vars.size.controlMedium,
    paddingBlock: vars.space.xxsmall,
    paddingInline: vars.space.small,
    border: "none",
    borderRadius: vars.radius.medium,
    backgroundColor: "transparent",
    color: vars.color.text.primary,
    cursor: "pointer",
    selectors: {
      "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
    },
  },
]);

export const avatar = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: vars.size.controlSmall,
  height: vars.size.controlSmall,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.tone.neutral.background,
  color: vars.color.tone.neutral.text,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
});

export const identity = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xxsmall,
  minWidth: 0,
});

export const name = style({
  maxWidth: "100%",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});

export const chevron = style({
  flexShrink: 0,
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  color: vars.color.text.secondary,
});
