import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const root = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.small,
  paddingBlock: vars.space.xxlarge,
  paddingInline: vars.space.large,
  textAlign: "center",
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const icon = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: vars.size.controlLarge,
  height: vars.size.controlLarge,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
  marginBlockEnd: vars.space.xsmall,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text.primary,
});

export const message = style({
  margin: 0,
  maxWidth: "40rem",
  lineHeight: vars.font.lineHeight.standard,
});

export const details = style({
  width: "100%",
  maxWidth: "40rem",
  textAlign: "start",
  fontSize: vars.font.size.small,
});

// A native <summary> has no react-aria focus attributes, so it uses :focus-visible directly.
export const summary = style({
  cursor: "pointer",
  color: vars.color.text.secondary,
  borderRadius: vars.radius.small,
  selectors: {
    "&:focus-visible": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      outlineOffset: vars.borderWidth.thick,
    },
  },
});

export const detailsBody = style({
  marginBlock: vars.space.small,
  marginInline: 0,
  padding: vars.space.medium,
  maxHeight: "16rem",
  overflow: "auto",
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.xsmall,
  color: vars.color.text.primary,
  backgroundColor: vars.color.surface.sunken,
  borderRadius: vars.radius.medium,
});

export const actions = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: vars.space.small,
  marginBlockStart: vars.space.small,
});
