import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const item = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.medium,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.caution.border}`,
  background: vars.color.surface.raised,
});

export const name = style({ fontWeight: vars.font.weight.semibold, overflowWrap: "anywhere" });

export const meta = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  overflowWrap: "anywhere",
});

export const error = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  color: vars.color.tone.critical.text,
  background: vars.color.tone.critical.background,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
  selectors: { "&:empty": { display: "none" } },
});
