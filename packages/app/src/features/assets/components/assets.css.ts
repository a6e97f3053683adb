import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

// One form layout and error box for every dialog form (shared/patterns/dialogForm.css.ts).
export { dialogForm as form, dialogFormError as formError } from "../../../shared/patterns/dialogForm.css.ts";

/** Addresses and host names: kept whole, as the kit's table cells keep every token (they scroll instead). */
export const mono = style({ fontFamily: vars.font.family.mono });

export const muted = style({ color: vars.color.text.secondary });

export const inlineList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xxsmall,
});

export const targetCell = style({ display: "grid", gap: vars.space.xxsmall, minWidth: 0 });
