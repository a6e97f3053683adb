import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const prose = style({
  margin: 0,
  color: vars.color.text.primary,
  lineHeight: vars.font.lineHeight.relaxed,
  whiteSpace: "pre-wrap",
  // Scanner text can hold one very long token; it must wrap instead of widening the drawer.
  overflowWrap: "anywhere",
  unicodeBidi: "plaintext",
});

export const missing = style({
  margin: 0,
  color: vars.color.text.secondary,
  fontStyle: "italic",
});

export const mono = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  overflowWrap: "anywhere",
});

export const textGrid = style({
  display: "grid",
  gap: vars.space.large,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 18rem), 1fr))",
});

export const referenceList = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  display: "grid",
  gap: vars.space.xsmall,
});

export const referenceItem = style({
  overflowWrap: "anywhere",
});

export const unsafeReference = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const referenceNote = style({
  fontSize: vars.font.size.xsmall,
  color: vars.color.text.secondary,
  marginInlineStart: vars.space.xsmall,
});

export const statusForm = style({
  display: "grid",
  gap: vars.space.medium,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  background: vars.color.surface.raised,
});

export const statusFields = style({
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 14rem), 1fr))",
  alignItems: "start",
});

export const formError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
});

export const announcement = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});
