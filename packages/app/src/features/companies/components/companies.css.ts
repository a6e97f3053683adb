import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

// One form layout and error box for every dialog form (shared/patterns/dialogForm.css.ts).
export {
  dialogForm as form,
  dialogFormError as formError,
  dialogFormRow as formRow,
} from "../../../shared/patterns/dialogForm.css.ts";

export const stacked = style({ display: "flex", flexDirection: "column", gap: vars.space.xxsmall, minWidth: 0 });

export const secondary = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  overflowWrap: "anywhere",
});

export const text = style({ overflowWrap: "anywhere" });

export const numeric = style({ fontVariantNumeric: "tabular-nums" });

export const nameButton = style({ textAlign: "start" });

export const linkGrid = style({
  display: "grid",
  gap: vars.space.large,
  gridTemplateColumns: "repeat(auto-fill, minmax(16rem, 1fr))",
});

/** The scan scope's ranges: one row each, the range and who added it beside its Remove button. */
export const scopeList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
});

export const scopeItem = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.medium,
});
