import { vars } from "@sentinel/ui";
import { createVar, fallbackVar, globalStyle, style } from "@vanilla-extract/css";

/** The rows' CSS grid template, from the visible columns. */
export const columnsVar = createVar();
/** Row height, set from the grid's one constant so CSS and the virtualizer's offsets agree. */
export const rowHeightVar = createVar();
/** The narrowest a row may be before the grid scrolls sideways: the columns' minimum widths added up. */
export const rowMinWidthVar = createVar();
/** The scroll box's tallest, when the grid fills the window (see `FindingsGrid`'s `fillWindow`); else 80vh. */
export const maxHeightVar = createVar();

export const frame = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
  minWidth: 0,
  height: "100%",
});

const focusOutline = {
  outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
  outlineOffset: `calc(-1 * ${vars.borderWidth.thick})`,
} as const;

/**
 * The scroll box. It fills its container, but never shrinks below a few rows (a page whose
 * container has no height) nor grows past the window (the whole point is to scroll inside). A grid
 * that fills the window (`fillWindow`) ends at the window's bottom instead, so a page that opens at
 * its top shows the whole box and the row the keys act on.
 */
export const scroller = style({
  position: "relative",
  overflow: "auto",
  height: "100%",
  minHeight: "20rem",
  maxHeight: fallbackVar(maxHeightVar, "80vh"),
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  fontSize: vars.font.size.standard,
  overscrollBehavior: "contain",
});

/** A table laid out as blocks and CSS grid rows: table layout cannot place rows at virtual offsets. */
export const grid = style({
  display: "block",
  minWidth: rowMinWidthVar,
  borderCollapse: "collapse",
  selectors: { '&[aria-busy="true"]': { cursor: "progress" } },
});

export const header = style({
  display: "block",
  position: "sticky",
  insetBlockStart: 0,
  // Above the rows it scrolls over, inside the grid's own stacking context only.
  zIndex: 1,
  minWidth: rowMinWidthVar,
  backgroundColor: vars.color.surface.sunken,
});

export const body = style({
  display: "block",
  position: "relative",
  minWidth: rowMinWidthVar,
});

export const row = style({
  display: "grid",
  gridTemplateColumns: columnsVar,
  height: rowHeightVar,
  alignItems: "stretch",
  boxSizing: "border-box",
  borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  backgroundColor: vars.color.surface.raised,
  outline: "none",
  selectors: {
    "&:hover": { backgroundColor: vars.color.surface.hover },
    '&[aria-selected="true"]': { backgroundColor: vars.color.surface.selected },
    "&:focus-visible": focusOutline,
  },
});

/** Virtual rows sit at offsets the virtualizer computes; they fill the body's width. */
export const virtualRow = style({
  position: "absolute",
  insetInlineStart: 0,
  insetBlockStart: 0,
  width: "100%",
});

export const headerRow = style({
  backgroundColor: vars.color.surface.sunken,
  selectors: { "&:hover": { backgroundColor: vars.color.surface.sunken } },
});

export const cell = style({
  display: "flex",
  padding: 0,
  textAlign: "start",
  fontWeight: "inherit",
  alignItems: "center",
  minWidth: 0,
  paddingInline: vars.space.medium,
  overflow: "hidden",
  whiteSpace: "nowrap",
});

export const cellEnd = style({ justifyContent: "flex-end", fontVariantNumeric: "tabular-nums" });

export const selectCell = style({ paddingInline: vars.space.small, justifyContent: "center" });

export const columnHeader = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});

export const sortButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xsmall,
  minWidth: 0,
  padding: 0,
  border: "none",
  background: "none",
  color: "inherit",
  font: "inherit",
  cursor: "pointer",
  selectors: {
    "&:hover": { color: vars.color.text.primary },
    "&:focus-visible": { outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}` },
  },
});

export const cellText = style({ minWidth: 0, overflow: "hidden", textOverflow: "ellipsis" });

export const nameButton = style({
  display: "block",
  minWidth: 0,
  maxWidth: "100%",
  padding: 0,
  border: "none",
  background: "none",
  color: vars.color.text.link,
  font: "inherit",
  textAlign: "start",
  textDecoration: "none",
  cursor: "pointer",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  selectors: { "&:hover": { color: vars.color.text.linkHover, textDecoration: "underline" } },
});

export const placeholderCell = style({ width: "100%" });

export const status = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "20rem",
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  padding: vars.space.large,
});

// The kit's checkbox carries a label slot; in a cell it is only the box.
globalStyle(`${selectCell} label`, { gap: 0 });

/** A key in the shortcut help (ShortcutHelp shares the grid's styles: it documents the grid's keys). */
export const kbd = style({
  display: "inline-block",
  minWidth: "1.75em",
  paddingInline: vars.space.xsmall,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.default}`,
  borderBottomWidth: vars.borderWidth.thick,
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.surface.sunken,
  color: vars.color.text.primary,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  textAlign: "center",
});

export const keys = style({ display: "inline-flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.xsmall });
