import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const root = style({});

export const trigger = style({
  gap: vars.space.small,
  justifyContent: "space-between",
  textAlign: "start",
  cursor: "pointer",
  selectors: {
    // The trigger is a button: react-aria puts the invalid state on the Select root.
    [`${root}[data-invalid] &`]: { borderColor: vars.color.tone.critical.text },
    "&[data-focused]": { outlineColor: "transparent", borderColor: vars.color.border.field },
    "&[data-focus-visible], &[data-pressed]": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      borderColor: vars.color.border.focus,
    },
  },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  selectors: {
    "&[data-placeholder]": { color: vars.color.text.secondary },
  },
});
