import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const root = style({
  margin: 0,
  display: "grid",
  gap: vars.space.xsmall,
  minWidth: 0,
});

export const caption = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const scroller = style({
  overflowX: "auto",
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  background: vars.color.surface.sunken,
  selectors: {
    "&:focus-visible": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      outlineOffset: vars.borderWidth.thick,
    },
  },
});

export const lines = style({
  listStyle: "none",
  margin: 0,
  paddingBlock: vars.space.xsmall,
  paddingInline: 0,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.relaxed,
  // Grow to the longest line so the highlight spans the whole scrolled width.
  minWidth: "max-content",
});

export const line = style({
  display: "grid",
  gridTemplateColumns: "minmax(4ch, auto) 1fr",
  columnGap: vars.space.medium,
  paddingInline: vars.space.small,
  borderInlineStart: `${vars.borderWidth.thick} solid transparent`,
  color: vars.color.text.primary,
  selectors: {
    "&[data-highlighted]": {
      background: vars.color.tone.caution.background,
      borderInlineStartColor: vars.color.tone.caution.border,
      color: vars.color.tone.caution.text,
    },
  },
});

export const lineNumber = style({
  color: vars.color.text.secondary,
  textAlign: "end",
  userSelect: "none",
  fontVariantNumeric: "tabular-nums",
  selectors: {
    [`${line}[data-highlighted] &`]: { color: "inherit", fontWeight: vars.font.weight.semibold },
  },
});

export const code = style({
  whiteSpace: "pre",
  fontFamily: "inherit",
});

export const note = style({
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
  margin: 0,
});
