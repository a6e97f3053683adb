import { narrowQuery, vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  gap: vars.space.small,
});

/** The search takes the row's spare width but never squeezes below a usable size. */
export const search = style({ flex: "1 1 16rem", minWidth: "12rem", maxWidth: "28rem" });

/** Only the narrow layout folds the filters away behind this button. */
export const filtersToggle = style({
  display: "none",
  "@media": { [narrowQuery]: { display: "inline-flex" } },
});

/**
 * On a wide screen the filters sit in the toolbar's row as if this box were not there. On a phone
 * they would fill the first screen before the first finding, so they fold until the toggle opens them.
 */
export const filters = style({
  display: "contents",
  "@media": {
    [narrowQuery]: {
      selectors: {
        "&:not([data-expanded])": { display: "none" },
        "&[data-expanded]": { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: vars.space.small },
      },
    },
  },
});
