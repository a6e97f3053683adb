import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

/** The fields of a form in a dialog, one under another. */
export const dialogForm = style({ display: "flex", flexDirection: "column", gap: vars.space.medium });

/** Fields side by side that fold one under another when the dialog is narrow. */
export const dialogFormRow = style({
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fit, minmax(12rem, 1fr))",
});

/** The form-level error of a dialog's form (its fields carry their own); takes no room while empty. */
export const dialogFormError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  color: vars.color.tone.critical.text,
  background: vars.color.tone.critical.background,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
  selectors: { "&:empty": { display: "none" } },
});
