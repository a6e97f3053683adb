import { createVar, globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

/** Viewport height from the `height` prop; the virtualizer needs a fixed-size scroll box. */
export const gridHeight = createVar();

export const frame = style({
  // Positioned, so absolutely placed hidden parts of cells are clipped with the grid, not the page.
  position: "relative",
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.raised,
  overflow: "hidden",
});

export const table = style([
  focusRing,
  {
    display: "block",
    height: gridHeight,
    width: "100%",
    overflow: "auto",
    fontSize: vars.font.size.standard,
    selectors: {
      "&[data-focus-visible]": { outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
      '&[aria-busy="true"]': { cursor: "progress" },
    },
  },
]);

// The virtualizer sizes wrapper elements; rows, headers and cells fill them so backgrounds show.
export const header = style({
  height: "100%",
  backgroundColor: vars.color.surface.sunken,
  borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const column = style([
  focusRing,
  {
    display: "flex",
    alignItems: "center",
    gap: vars.space.xsmall,
    height: "100%",
    paddingInline: vars.space.medium,
    color: vars.color.text.secondary,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.semibold,
    whiteSpace: "nowrap",
    overflow: "hidden",
    selectors: {
      "&[data-allows-sorting]": { cursor: "pointer" },
      "&[data-allows-sorting][data-hovered]": { color: vars.color.text.primary },
      "&[data-focus-visible]": { outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
]);

export const columnEnd = style({ justifyContent: "flex-end" });

export const row = style([
  focusRing,
  {
    height: "100%",
    backgroundColor: vars.color.surface.raised,
    borderBottom: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
    selectors: {
      // A row holding a row link looks clickable too; only the link is a target, so no pointer on the row.
      "&[data-hovered], &[data-link-hovered]": { backgroundColor: vars.color.surface.hover },
      "&[data-selected]": { backgroundColor: vars.color.surface.selected },
      "&[data-disabled]": { color: vars.color.text.disabled },
      "&[data-focus-visible]": { outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
]);

export const cell = style([
  focusRing,
  {
    display: "flex",
    alignItems: "center",
    height: "100%",
    paddingInline: vars.space.medium,
    overflow: "hidden",
    whiteSpace: "nowrap",
    textOverflow: "ellipsis",
    selectors: {
      "&[data-focus-visible]": { outlineOffset: `calc(-1 * ${vars.borderWidth.thick})` },
    },
  },
]);

export const cellEnd = style({ justifyContent: "flex-end", fontVariantNumeric: "tabular-nums" });

/** Truncates long values with an ellipsis inside a fixed-height row. */
export const cellText = style({
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const empty = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  height: "100%",
  padding: vars.space.large,
});

globalStyle(`${header} > [role="row"]`, { height: "100%" });
