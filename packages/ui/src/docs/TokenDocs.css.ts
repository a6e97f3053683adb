import { style } from "@vanilla-extract/css";
import { vars } from "../tokens/contract.css.ts";

export const themes = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(18rem, 1fr))",
  gap: vars.space.large,
});

export const themePanel = style({
  padding: vars.space.large,
  borderRadius: vars.radius.large,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
  backgroundColor: vars.color.surface.canvas,
  color: vars.color.text.primary,
  fontFamily: vars.font.family.sans,
});

export const panelTitle = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
});

export const groupTitle = style({
  margin: `${vars.space.large} 0 ${vars.space.small}`,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.secondary,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
});

export const swatches = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(7.5rem, 1fr))",
  gap: vars.space.small,
});

export const swatch = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  fontSize: vars.font.size.xsmall,
});

export const chip = style({
  height: vars.size.controlLarge,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const mono = style({ fontFamily: vars.font.family.mono, fontSize: vars.font.size.xsmall });

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontFamily: vars.font.family.sans,
  color: vars.color.text.primary,
});

export const cell = style({
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  textAlign: "left",
  verticalAlign: "middle",
});

export const bar = style({
  height: vars.space.large,
  backgroundColor: vars.color.tone.info.solid,
  borderRadius: vars.radius.small,
});

export const toneSample = style({
  display: "inline-flex",
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  borderRadius: vars.radius.full,
  borderWidth: vars.borderWidth.standard,
  borderStyle: "solid",
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.medium,
});
