import { style } from "@vanilla-extract/css";
import { focusRing } from "../components/shared/styles.css.ts";
import { vars } from "../tokens/contract.css.ts";

export const stack = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xlarge,
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontFamily: vars.font.family.sans,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});

export const caption = style({
  textAlign: "left",
  paddingBlock: vars.space.small,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
  fontFamily: vars.font.family.mono,
});

export const cell = style({
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  textAlign: "left",
  verticalAlign: "middle",
  fontWeight: vars.font.weight.regular,
  selectors: { "thead &": { fontWeight: vars.font.weight.semibold, color: vars.color.text.secondary } },
});

export const mono = style({ fontFamily: vars.font.family.mono, fontSize: vars.font.size.xsmall });

export const copyButton = style([
  focusRing,
  {
    all: "unset",
    cursor: "pointer",
    fontFamily: vars.font.family.mono,
    fontSize: vars.font.size.xsmall,
    color: vars.color.text.link,
    borderRadius: vars.radius.small,
    selectors: { "&[data-hovered]": { color: vars.color.text.linkHover, textDecoration: "underline" } },
  },
]);

export const copied = style({
  marginInlineStart: vars.space.small,
  fontSize: vars.font.size.xsmall,
  color: vars.color.tone.positive.text,
});

export const valueCell = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
});

export const valueText = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
});

/** The pair's surface around a chip, drawn in the column's theme. */
export const chipFrame = style({
  display: "inline-flex",
  flexShrink: 0,
  padding: vars.space.xsmall,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
});

export const chipSmall = style({
  width: vars.size.controlSmall,
  height: vars.size.controlSmall,
  borderRadius: vars.radius.small,
});

export const lineSample = style({
  margin: 0,
  maxWidth: "16rem",
  fontSize: vars.font.size.standard,
});

export const bar = style({
  height: vars.space.large,
  backgroundColor: vars.color.tone.info.solid,
  borderRadius: vars.radius.small,
});

export const radiusSample = style({
  width: vars.size.controlLarge,
  height: vars.size.controlLarge,
  backgroundColor: vars.color.surface.sunken,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.strong}`,
});

export const borderSample = style({
  width: vars.size.controlLarge,
  height: vars.size.controlSmall,
  borderStyle: "solid",
  borderColor: vars.color.border.strong,
  borderRadius: vars.radius.small,
});

/** The theme's canvas around a shadow sample, so a dark shadow is judged on the dark canvas. */
export const shadowFrame = style({
  display: "inline-flex",
  flexShrink: 0,
  padding: vars.space.large,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.canvas,
});

export const shadowSample = style({
  width: vars.size.controlLarge,
  height: vars.size.controlMedium,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.raised,
});

export const shadowValue = style({ maxWidth: "14rem", overflowWrap: "anywhere" });
