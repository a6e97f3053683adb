import { style } from "@vanilla-extract/css";
import { narrowMaxWidth, vars } from "../../tokens/contract.css.ts";
import { focusRing, topBarContainer, visuallyHiddenRules } from "../shared/styles.css.ts";

// In a narrow top bar the trigger is the avatar alone: the name and role move into the open menu.
const narrowBar = `${topBarContainer} (max-width: ${narrowMaxWidth}px)`;

export const trigger = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    gap: vars.space.small,
    maxWidth: "18rem",
    minHeight: vars.size.controlMedium,
    paddingBlock: vars.space.xxsmall,
    paddingInline: vars.space.small,
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

export const avatar = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  width: vars.size.controlSmall,
  height: vars.size.controlSmall,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.tone.neutral.background,
  color: vars.color.tone.neutral.text,
  fontSize: vars.font.size.xsmall,
  fontWeight: vars.font.weight.semibold,
});

export const identity = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xxsmall,
  minWidth: 0,
  // Still the trigger's accessible name ("Ayu Lestari Admin").
  "@container": { [narrowBar]: visuallyHiddenRules },
});

export const name = style({
  maxWidth: "100%",
  overflow: "hidden",
  whiteSpace: "nowrap",
  textOverflow: "ellipsis",
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});

export const chevron = style({
  flexShrink: 0,
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  color: vars.color.text.secondary,
  "@container": { [narrowBar]: { display: "none" } },
});

/** Who is signed in, on top of the open menu: the full name wraps instead of being cut off. */
export const menuHeader = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.xxsmall,
  maxWidth: "18rem",
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  borderBlockEnd: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const menuName = style({
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  overflowWrap: "anywhere",
});
