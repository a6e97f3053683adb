import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

// One form layout and error box for every dialog form (shared/patterns/dialogForm.css.ts).
export {
  dialogForm as form,
  dialogFormError as formError,
  dialogFormRow as formRow,
} from "../../../shared/patterns/dialogForm.css.ts";

export const column = style({ display: "flex", flexDirection: "column", gap: vars.space.xlarge, minWidth: 0 });

export const companies = style({ margin: 0, paddingLeft: vars.space.xlarge, overflowWrap: "anywhere" });

export const muted = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });

/** One security setting: what it is and its state on the left, its action on the right. */
export const setting = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.medium,
  paddingBlock: vars.space.medium,
  borderTop: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  selectors: { "&:first-child": { borderTop: "none", paddingTop: 0 } },
});

export const settingText = style({ display: "flex", flexDirection: "column", gap: vars.space.xsmall, minWidth: 0 });

export const settingName = style({
  margin: 0,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});

export const enrol = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: vars.space.medium });

export const steps = style({
  margin: 0,
  paddingLeft: vars.space.xlarge,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xsmall,
  color: vars.color.text.secondary,
});

/** A live region's line: present while empty (so what appears in it is announced), taking no room. */
export const status = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.small });
