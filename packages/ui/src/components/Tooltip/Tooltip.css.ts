import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const tooltip = style({
  zIndex: vars.zIndex.tooltip,
  maxWidth: vars.size.tooltipMaxWidth,
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.surface.inverse,
  color: vars.color.text.inverse,
  fontSize: vars.font.size.xsmall,
  lineHeight: vars.font.lineHeight.standard,
  boxShadow: vars.shadow.medium,
  overflowWrap: "anywhere",
});
