import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const root = style({
  // <bdi> isolates by default; said again so a reset stylesheet cannot take it away.
  unicodeBidi: "isolate",
});

/** A revealed bidi control: unmistakably not part of the name, in the caution tone. */
export const control = style({
  display: "inline-block",
  marginInline: vars.space.xxsmall,
  paddingInline: vars.space.xxsmall,
  borderRadius: vars.radius.small,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.caution.border}`,
  backgroundColor: vars.color.tone.caution.background,
  color: vars.color.tone.caution.text,
  fontFamily: vars.font.family.mono,
  fontSize: "0.85em",
  lineHeight: vars.font.lineHeight.tight,
  // The label reads left to right whatever the text around it does.
  direction: "ltr",
  unicodeBidi: "isolate",
  whiteSpace: "nowrap",
});
