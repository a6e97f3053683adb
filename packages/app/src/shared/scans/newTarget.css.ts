import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const form = style({ display: "grid", gap: vars.space.large });

export const muted = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const formError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
});
