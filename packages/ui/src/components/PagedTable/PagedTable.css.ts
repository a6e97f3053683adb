import { globalStyle, style } from "@vanilla-extract/css";
import { narrowQuery, vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const root = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.medium,
  minWidth: 0,
});

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.medium,
});

export const search = style({
  flex: "1 1 16rem",
  maxWidth: "24rem",
});

export const filters = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.small,
});

/**
 * Wide tables scroll sideways inside their own box instead of widening the page. Positioned, so the
 * visually hidden parts of cells (react-aria's hidden inputs, absolutely placed) scroll with it too
 * instead of reaching past the page's edge.
 */
export const scroller = style({
  position: "relative",
  overflowX: "auto",
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
});

export const table = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.font.size.standard,
  outline: "none",
  selectors: {
    '&[aria-busy="true"]': { cursor: "progress" },
  },
});

export const header = style({
  backgroundColor: vars.color.surface.sunken,
});

export const column = style([
  focusRing,
  {
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
    borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
    color: vars.color.text.secondary,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.semibold,
    textAlign: "start",
    whiteSpace: "nowrap",
    verticalAlign: "bottom",
    selectors: {
      "&[data-allows-sorting]": { cursor: "pointer" },
      "&[data-allows-sorting][data-hovered]": { color: vars.color.text.primary },
      "&[data-focus-visible]": { outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
]);

export const columnEnd = style({ textAlign: "end" });

export const columnContent = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xsmall,
});

export const row = style([
  focusRing,
  {
    backgroundColor: vars.color.surface.raised,
    selectors: {
      "&:not(:last-child)": { borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}` },
      "&[data-href], &[data-actionable]": { cursor: "pointer" },
      // A row holding a row link looks clickable too; only the link is a target, so no pointer on the row.
      "&[data-actionable][data-hovered], &[data-link-hovered]": { backgroundColor: vars.color.surface.hover },
      "&[data-pressed]": { backgroundColor: vars.color.surface.pressed },
      "&[data-selected]": { backgroundColor: vars.color.surface.selected },
      "&[data-focus-visible]": { outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
]);

export const cell = style([
  focusRing,
  {
    paddingBlock: vars.space.small,
    paddingInline: vars.space.medium,
    color: vars.color.text.primary,
    verticalAlign: "middle",
    // A wide table shares its width among columns by their content, so any word may wrap.
    overflowWrap: "anywhere",
    "@media": {
      // On a phone a token (an address, a date part, a version) never breaks: the table scrolls in its
      // own box instead of squeezing "192.0.2.10" into "192 / .0. / 2.1 / 0". `break-word` leaves a
      // token's full width in its column's minimum, which `anywhere` shrinks to one character; the cap
      // bounds that minimum, so one absurd token (a hash, a hostile name) still breaks inside it.
      [narrowQuery]: { overflowWrap: "break-word", maxWidth: "30rem" },
    },
    selectors: {
      "&[data-focus-visible]": { outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
]);

export const cellEnd = style({ textAlign: "end", fontVariantNumeric: "tabular-nums" });

export const rowNumberCell = style({
  width: "1%",
  whiteSpace: "nowrap",
  color: vars.color.text.secondary,
  fontVariantNumeric: "tabular-nums",
  textAlign: "end",
});

export const actionsCell = style({
  width: "1%",
  whiteSpace: "nowrap",
  textAlign: "end",
  paddingBlock: vars.space.xxsmall,
});

export const emptyCell = style({
  padding: vars.space.xlarge,
});

// Row-header cells are <th>; keep them looking like data cells.
globalStyle(`${cell}:is(th)`, { fontWeight: vars.font.weight.medium, textAlign: "start" });
