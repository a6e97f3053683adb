import { globalStyle, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

/** Column holding label, control, description and error of one field. */
export const field = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xsmall,
  minWidth: 0,
  fontFamily: vars.font.family.sans,
  color: vars.color.text.primary,
});

export const label = style({
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text.primary,
  overflowWrap: "anywhere",
  cursor: "default",
});

export const requiredMark = style({
  color: vars.color.tone.critical.text,
  marginInlineStart: vars.space.xxsmall,
});

export const description = style({
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.standard,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const error = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.xsmall,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.standard,
  color: vars.color.tone.critical.text,
  overflowWrap: "anywhere",
});

// Centre the alert icon on the first line of a message that may wrap.
globalStyle(`${error} > svg`, {
  marginTop: `calc((1em * ${vars.font.lineHeight.standard} - ${vars.size.iconSmall}) / 2)`,
});

const controlStates = {
  "&[data-hovered]": { borderColor: vars.color.border.strong },
  // Text inputs show their ring on pointer focus too: the caret alone is easy to lose.
  "&[data-focused], &[data-focus-within]": {
    outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
    outlineOffset: `calc(${vars.borderWidth.standard} * -1)`,
    borderColor: vars.color.border.focus,
  },
  "&[data-invalid]": { borderColor: vars.color.tone.critical.text },
  "&[data-disabled]": {
    cursor: "not-allowed",
    backgroundColor: vars.color.surface.sunken,
    borderColor: vars.color.border.default,
    color: vars.color.text.disabled,
  },
};

/**
 * The bordered box of a text-like control. Applied to an `Input` directly, or to the `Group`
 * that holds an input plus buttons (the state attributes are the same on both).
 */
export const control = recipe({
  base: {
    display: "flex",
    alignItems: "center",
    width: "100%",
    minWidth: 0,
    minHeight: vars.size.controlMedium,
    margin: 0,
    paddingInline: vars.space.medium,
    borderWidth: vars.borderWidth.standard,
    borderStyle: "solid",
    borderColor: vars.color.border.field,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.primary,
    fontFamily: vars.font.family.sans,
    fontSize: vars.font.size.standard,
    lineHeight: vars.font.lineHeight.standard,
    outline: "none",
    transitionProperty: "border-color, box-shadow",
    transitionDuration: vars.motion.duration.fast,
    transitionTimingFunction: vars.motion.easing.standard,
    selectors: {
      ...controlStates,
      "&::placeholder": { color: vars.color.text.secondary, opacity: 1 },
    },
  },
  variants: {
    /** Groups give their padding to the inner input and buttons. */
    group: {
      true: { paddingInline: 0, gap: 0, overflow: "hidden" },
      false: {},
    },
    multiline: {
      true: {
        paddingBlock: vars.space.small,
        minHeight: `calc(${vars.size.controlMedium} * 2)`,
        resize: "vertical",
      },
      false: {},
    },
  },
  defaultVariants: { group: false, multiline: false },
});

/** An input living inside a `control({ group: true })` box: the box draws border and focus. */
export const groupInput = style({
  flex: 1,
  minWidth: 0,
  alignSelf: "stretch",
  margin: 0,
  paddingInline: vars.space.medium,
  border: 0,
  background: "transparent",
  color: "inherit",
  fontFamily: vars.font.family.sans,
  fontSize: vars.font.size.standard,
  outline: "none",
  textOverflow: "ellipsis",
  selectors: {
    "&::placeholder": { color: vars.color.text.secondary, opacity: 1 },
    "&[data-disabled]": { cursor: "not-allowed" },
    // Native search inputs draw their own clear "x"; ours is an accessible button.
    "&::-webkit-search-cancel-button": { display: "none" },
  },
});

/** Square icon button inside a field's box (show password, clear, open calendar, stepper). */
export const fieldButton = style([
  focusRing,
  {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    alignSelf: "stretch",
    minWidth: vars.size.controlMedium,
    margin: 0,
    padding: 0,
    border: 0,
    borderRadius: vars.radius.small,
    background: "transparent",
    color: vars.color.text.secondary,
    cursor: "pointer",
    selectors: {
      "&[data-hovered]": { backgroundColor: vars.color.surface.hover, color: vars.color.text.primary },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
      "&[data-focus-visible]": { outlineOffset: `calc(${vars.borderWidth.thick} * -1)` },
      "&[data-disabled]": { cursor: "not-allowed", color: vars.color.text.disabled },
    },
  },
]);

export const fieldIcon = style({
  display: "inline-flex",
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  flexShrink: 0,
});

/** Icon sitting in the box without being a button (e.g. the search magnifier). */
export const leadingIcon = style([
  fieldIcon,
  { marginInlineStart: vars.space.medium, color: vars.color.text.secondary },
]);

/* ---------- Popover and option list shared by Select, ComboBox and DatePicker ---------- */

export const popover = style({
  // react-aria positions popovers with an inline z-index of 100000; the product's own layer scale wins.
  zIndex: `${vars.zIndex.menu} !important`,
  // As wide as its trigger, but never wider than the viewport: an overflowing popover makes the page
  // scroll sideways when an option is scrolled into view, and a page scroll closes the popover.
  minWidth: `min(max(var(--trigger-width), ${vars.size.popoverMinWidth}), calc(100vw - ${vars.space.xxlarge}))`,
  maxWidth: `calc(100vw - ${vars.space.xxlarge})`,
  overflow: "auto",
  borderWidth: vars.borderWidth.standard,
  borderStyle: "solid",
  borderColor: vars.color.border.default,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.overlay,
  color: vars.color.text.primary,
  boxShadow: vars.shadow.medium,
  fontFamily: vars.font.family.sans,
  fontSize: vars.font.size.standard,
  outline: "none",
});

// The list, not the popover, scrolls: react-aria scrolls the focused option within the list's own
// scroll box; if only the popover scrolled it would scroll the page, and a page scroll closes the popover.
export const popoverInDialog = style({ zIndex: `${vars.zIndex.modal} !important` });

export const listBox = style({
  display: "flex",
  flexDirection: "column",
  maxHeight: "inherit",
  overflow: "auto",
  padding: vars.space.xsmall,
  outline: "none",
});

export const option = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.small,
  borderRadius: vars.radius.small,
  color: vars.color.text.primary,
  cursor: "pointer",
  outline: "none",
  overflowWrap: "anywhere",
  selectors: {
    "&[data-hovered], &[data-focused]": { backgroundColor: vars.color.surface.hover },
    "&[data-focus-visible]": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      outlineOffset: `calc(${vars.borderWidth.thick} * -1)`,
    },
    "&[data-selected]": { fontWeight: vars.font.weight.medium },
    // Disabled options keep readable text: their description explains why they can't be chosen.
    "&[data-disabled]": { cursor: "not-allowed", color: vars.color.text.secondary },
  },
});

export const optionCheck = style([fieldIcon, { marginTop: vars.space.xxsmall, visibility: "hidden" }]);

export const optionCheckSelected = style({ visibility: "visible" });

export const optionText = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  minWidth: 0,
});

export const optionDescription = style({
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
  fontWeight: vars.font.weight.regular,
});

export const emptyState = style({
  padding: vars.space.small,
  color: vars.color.text.secondary,
});

/** Numbers between − and + steppers read best centred. */
export const numberInput = style({ textAlign: "center", fontVariantNumeric: "tabular-nums" });
