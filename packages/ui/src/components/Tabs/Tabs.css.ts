import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const tabs = style({ display: "flex", flexDirection: "column", gap: vars.space.medium, minWidth: 0 });

export const tabList = style({
  display: "flex",
  gap: vars.space.xxsmall,
  borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  overflowX: "auto",
});

export const tab = style([
  focusRing,
  {
    position: "relative",
    padding: `${vars.space.small} ${vars.space.medium}`,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
    color: vars.color.text.secondary,
    whiteSpace: "nowrap",
    cursor: "pointer",
    textDecoration: "none",
    borderRadius: `${vars.radius.small} ${vars.radius.small} 0 0`,
    borderBottom: `${vars.borderWidth.thick} solid transparent`,
    marginBottom: `calc(-1 * ${vars.borderWidth.standard})`,
    selectors: {
      "&[data-hovered]": { color: vars.color.text.primary, backgroundColor: vars.color.surface.hover },
      "&[data-selected]": { color: vars.color.text.primary, borderBottomColor: vars.color.primary.solid },
      "&[data-disabled]": { color: vars.color.text.disabled, cursor: "not-allowed" },
    },
  },
]);

export const panel = style([focusRing, { outline: "none", minWidth: 0 }]);
