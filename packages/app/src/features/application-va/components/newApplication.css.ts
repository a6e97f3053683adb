import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

// The new-application form's styles, loaded with its chunk rather than with the list.

export const dialogForm = style({ display: "grid", gap: vars.space.large });

export const formError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
});
