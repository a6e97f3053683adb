import { style } from "@vanilla-extract/css";
import { narrowMaxWidth, vars } from "../../tokens/contract.css.ts";
import { focusRing, topBarContainer, visuallyHiddenRules } from "../shared/styles.css.ts";

const narrow = `${topBarContainer} (max-width: ${narrowMaxWidth}px)`;

export const root = style({
  containerName: topBarContainer,
  containerType: "inline-size",
  borderBlockEnd: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.primary,
});

export const inner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.large,
  minHeight: vars.size.controlLarge,
  paddingBlock: vars.space.medium,
  paddingInline: vars.space.xlarge,
  "@container": {
    [narrow]: {
      flexWrap: "wrap",
      columnGap: vars.space.small,
      rowGap: vars.space.xsmall,
      paddingBlock: vars.space.small,
      paddingInline: vars.space.medium,
    },
  },
});

export const menuButton = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    width: vars.size.controlMedium,
    height: vars.size.controlMedium,
    padding: 0,
    border: "none",
    borderRadius: vars.radius.medium,
    backgroundColor: "transparent",
    color: vars.color.text.primary,
    cursor: "pointer",
    selectors: {
      "&[data-hovered]": { backgroundColor: vars.color.surface.hover },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
    },
  },
]);

export const menuIcon = style({ width: vars.size.icon, height: vars.size.icon });

export const start = style({
  flex: 1,
  minWidth: 0,
  "@container": {
    // The trail gets a row of its own below the controls, where it can wrap instead of being cut off.
    [narrow]: { order: 1, flexBasis: "100%" },
  },
  selectors: { "&:empty": { display: "none" } },
});

export const end = style({
  display: "flex",
  alignItems: "center",
  flexShrink: 0,
  gap: vars.space.medium,
  marginInlineStart: "auto",
  "@container": { [narrow]: { gap: vars.space.xsmall } },
});

export const balance = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
  margin: 0,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface.sunken,
  fontSize: vars.font.size.small,
  whiteSpace: "nowrap",
  "@container": { [narrow]: { gap: vars.space.xsmall, paddingInline: vars.space.small } },
});

/** The balance as a link to where credits are spent and bought: the same pill, hover and focus added. */
export const balanceLink = style([
  balance,
  focusRing,
  {
    color: "inherit",
    textDecoration: "none",
    cursor: "pointer",
    selectors: {
      "&[data-hovered]": { borderColor: vars.color.border.strong },
    },
  },
]);

export const balanceIcon = style({
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  color: vars.color.text.secondary,
});

export const balanceLabel = style({
  color: vars.color.text.secondary,
  "@container": {
    // The coin icon stands for the word; screen readers still hear "Credits".
    [narrow]: visuallyHiddenRules,
  },
});

export const balanceValue = style({
  fontWeight: vars.font.weight.semibold,
  fontVariantNumeric: "tabular-nums",
});

export const balanceSkeleton = style({
  display: "inline-flex",
  width: "4rem",
});
