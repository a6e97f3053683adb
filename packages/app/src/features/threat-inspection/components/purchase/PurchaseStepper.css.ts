import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const list = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: "none",
  counterReset: "step",
});

export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.medium,
  borderRadius: vars.radius.full,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  selectors: {
    '&[data-state="current"]': {
      borderColor: vars.color.primary.solid,
      color: vars.color.text.primary,
      fontWeight: vars.font.weight.semibold,
    },
    '&[data-state="complete"]': {
      borderColor: vars.color.tone.positive.border,
      background: vars.color.tone.positive.background,
      color: vars.color.tone.positive.text,
    },
  },
});

export const number = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: vars.size.iconSmall,
  height: vars.size.iconSmall,
  borderRadius: vars.radius.full,
  background: vars.color.surface.sunken,
  fontVariantNumeric: "tabular-nums",
  selectors: {
    [`${item}[data-state="current"] &`]: {
      background: vars.color.primary.solid,
      color: vars.color.primary.solidText,
    },
    [`${item}[data-state="complete"] &`]: {
      background: vars.color.tone.positive.solid,
      color: vars.color.tone.positive.solidText,
    },
  },
});
