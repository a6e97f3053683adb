import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const address = style({
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space.small,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});

export const addressValue = style({
  fontFamily: vars.font.family.mono,
  color: vars.color.text.primary,
  background: vars.color.surface.sunken,
  borderRadius: vars.radius.small,
  paddingInline: vars.space.xsmall,
  overflowWrap: "anywhere",
});

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.medium });

export const form = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.medium,
  maxWidth: "36rem",
});

export const formError = style({
  margin: 0,
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.small,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
  background: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
});

export const formSuccess = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  background: vars.color.tone.positive.background,
  color: vars.color.tone.positive.text,
});

export const formErrorIcon = style({ flexShrink: 0, width: vars.size.iconSmall, height: vars.size.iconSmall });

export const formHint = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.small });
